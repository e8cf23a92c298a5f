import { useId, useState } from "react";
import type { AddedChargeView } from "../../../../schema/contracts/added-charges";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { notify } from "../../../stores/alert-store";
import { disputeAddedCharge } from "../api/orders";

const STATUS: Record<AddedChargeView["status"], string> = {
  succeeded: "Paid",
  awaiting_approval: "Waiting for your approval (see the text we sent you)",
  declined: "Declined by you: nothing was charged",
  withdrawn: "Withdrawn: nothing was charged",
  pending: "Processing",
  failed: "Not charged",
};

function statusOf(c: AddedChargeView): string {
  if (c.refund_status === "succeeded") return "Refunded";
  if (c.refund_status === "pending") return "Refund on its way";
  if (c.disputed_at) return "Paid, disputed: our support team is reviewing it";
  return STATUS[c.status];
}

/**
 * The charges the pro added to a job (docs/decisions/116): amount, what for, where it stands, and a way to dispute a
 * paid one with a reason, which staff review.
 */
export function AddedCharges({ charges }: { charges: AddedChargeView[] }) {
  const [items, setItems] = useState(charges);
  if (items.length === 0) return null;
  const replace = (next: AddedChargeView) =>
    setItems((prev) => prev.map((c) => (c.adjustment_id === next.adjustment_id ? next : c)));
  return (
    <div className="order-note" data-testid="added-charges">
      <p>
        <strong>Added by your professional</strong>
      </p>
      <ul className="added-charges">
        {items.map((c) => (
          <li key={c.adjustment_id} data-testid="added-charge" data-adjustment-id={c.adjustment_id}>
            {formatCents(c.amount_cents)} for {c.description}: <span>{statusOf(c)}</span>
            {c.may_dispute && <DisputeForm charge={c} onDisputed={replace} />}
          </li>
        ))}
      </ul>
    </div>
  );
}

function DisputeForm({ charge, onDisputed }: { charge: AddedChargeView; onDisputed(c: AddedChargeView): void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <>
        {" "}
        <button type="button" className="link-button" onClick={() => setOpen(true)} data-testid="dispute-open">
          Dispute
        </button>
      </>
    );
  }
  const submit = async () => {
    if (reason.trim().length < 6) return setError("Tell us what is wrong with this charge (at least 6 characters).");
    setBusy(true);
    setError(null);
    try {
      onDisputed(await disputeAddedCharge(charge.adjustment_id, reason.trim()));
      notify("success", "Thanks. Our support team will review this charge and get back to you.");
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="dispute-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={id}>
          What is wrong with this charge?
        </label>
        <textarea
          id={id}
          className="input"
          maxLength={500}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary button-sm" disabled={busy}>
        {busy ? "Sending…" : "Send dispute"}
      </button>
    </form>
  );
}

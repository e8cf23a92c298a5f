import { useId, useRef, useState } from "react";
import { parseDollarsToCents } from "../../../../domain/money";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ApiError } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { notify } from "../../../stores/alert-store";
import { actionKey, addCharge, issueRefund } from "./api";

/** Refund (full or partial) and added charge, each a small form; money moved so far is listed below. */
export function MoneyActions({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  return (
    <section className="job-actions-section">
      <h3 className="job-actions-title">Charges and refunds</h3>
      {view.can.add_charge && <AddChargeForm view={view} onChanged={onChanged} />}
      {view.can.refund && view.refundable_cents > 0 && <RefundForm view={view} onChanged={onChanged} />}
      {view.adjustments.length > 0 && (
        <ul className="job-adjustments">
          {view.adjustments.map((a) => (
            <li key={a.adjustment_id}>
              {a.kind === "refund" ? "Refund" : "Added charge"} {formatCents(a.amount_cents)}: {a.description} (
              {a.status === "link_sent" ? "payment link sent" : a.status})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AddChargeForm({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [what, setWhat] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per filled-in form: a retry after a lost answer charges once.
  const key = useRef(actionKey("charge"));
  const submit = async () => {
    const cents = parseDollarsToCents(amount);
    const { min_cents, max_cents } = view.add_charge_limits;
    if (cents === null || cents < min_cents || cents > max_cents) {
      return setError(`Enter an amount from ${formatCents(min_cents)} to ${formatCents(max_cents)}.`);
    }
    if (what.trim().length < 3) return setError("Say what the charge is for.");
    setBusy(true);
    setError(null);
    try {
      const done = await addCharge(view.service_order_id, view.is_connect, cents, what.trim(), key.current);
      notify("success", done.message);
      key.current = actionKey("charge");
      setAmount("");
      setWhat("");
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The charge could not be made. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-a`}>
          Add a charge ($)
        </label>
        <input
          id={`${id}-a`}
          className="input"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-d`}>
          For
        </label>
        <input
          id={`${id}-d`}
          className="input"
          maxLength={200}
          value={what}
          onChange={(e) => setWhat(e.target.value)}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary" disabled={busy}>
        {busy ? "Charging…" : "Charge client"}
      </button>
    </form>
  );
}

function RefundForm({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(actionKey("refund"));
  const submit = async () => {
    const cents = amount.trim() === "" ? undefined : parseDollarsToCents(amount);
    if (cents === null || (cents !== undefined && (cents < 1 || cents > view.refundable_cents))) {
      return setError(`Enter up to ${formatCents(view.refundable_cents)}, or leave empty to refund it all.`);
    }
    if (reason.trim().length < 3) return setError("Say why you refund.");
    setBusy(true);
    setError(null);
    try {
      const done = await issueRefund(view.service_order_id, cents, reason.trim(), key.current);
      notify("success", `${done.message} (${formatCents(done.amount_cents)})`);
      key.current = actionKey("refund");
      setAmount("");
      setReason("");
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : "The refund could not be made. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="inline-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-a`}>
          Refund ($, up to {formatCents(view.refundable_cents)})
        </label>
        <input
          id={`${id}-a`}
          className="input"
          inputMode="decimal"
          placeholder="All"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-r`}>
          Reason
        </label>
        <input
          id={`${id}-r`}
          className="input"
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-secondary" disabled={busy}>
        {busy ? "Refunding…" : "Refund client"}
      </button>
    </form>
  );
}

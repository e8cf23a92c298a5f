import { useId, useRef, useState } from "react";
import { bpsOf } from "../../../../domain/checkout-rules";
import { parseDollarsToCents } from "../../../../domain/money";
import { PRICING } from "../../../../domain/pricing-config";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ApiError } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { notify } from "../../../stores/alert-store";
import { actionKey, addCharge, issueRefund } from "./api";

/** Refund (full or partial) and added charge, each a small form; money moved so far is listed below. */
export function MoneyActions({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  return (
    <section className="job-actions-section">
      <h3 className="job-actions-title">Charges and refunds</h3>
      {view.can.add_charge ? (
        <>
          <AddChargeAllowance view={view} />
          <AddChargeForm view={view} onChanged={onChanged} />
        </>
      ) : (
        !view.completed && <p className="field-hint">You can add a charge once the service has started.</p>
      )}
      {view.can.refund && view.refundable_cents > 0 && <RefundForm view={view} onChanged={onChanged} />}
      {view.adjustments.length > 0 && (
        <ul className="job-adjustments">
          {view.adjustments.map((a) => (
            <li key={a.adjustment_id}>
              {a.kind === "refund" ? "Refund" : "Added charge"} {formatCents(a.amount_cents)}: {a.description} (
              {adjustmentStatus(a)})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const STATUS_LABELS: Record<string, string> = {
  awaiting_approval: "waiting for your client's approval",
  declined: "declined by your client",
  withdrawn: "withdrawn: the job was cancelled",
  succeeded: "paid",
};

function adjustmentStatus(a: JobActionsView["adjustments"][number]): string {
  const base = STATUS_LABELS[a.status] ?? a.status;
  if (a.refund_status === "succeeded") return `${base}, refunded`;
  if (a.disputed) return `${base}, disputed by your client`;
  return base;
}

/** What the pro may still charge on this job without asking, and that anything beyond needs approval (decision 116). */
function AddChargeAllowance({ view }: { view: JobActionsView }) {
  const { auto_left_cents, cap_cents, auto_until_local } = view.add_charge_limits;
  return (
    <p className="field-hint" data-testid="add-charge-allowance">
      {auto_left_cents > 0
        ? `You can charge up to ${formatCents(auto_left_cents)} more to your client's saved card on this job without asking, until ${auto_until_local} (at most ${formatCents(cap_cents)} in total). `
        : "Charges on this job now need your client's approval. "}
      Anything beyond is texted to your client to approve or decline; nothing is taken until they approve.
    </p>
  );
}

function AddChargeForm({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const { min_cents, max_cents } = view.add_charge_limits;
  return (
    <MoneyForm
      keyKind="charge"
      amountLabel="Add a charge ($)"
      textLabel="For"
      textMax={200}
      submitLabel="Charge client"
      busyLabel="Charging…"
      failure="The charge could not be made. Please try again."
      check={(amount, what) => {
        const cents = parseDollarsToCents(amount);
        if (cents === null || cents < min_cents || cents > max_cents) {
          return `Enter an amount from ${formatCents(min_cents)} to ${formatCents(max_cents)}.`;
        }
        if (what.length < 3) return "Say what the charge is for.";
        return { cents };
      }}
      run={async (cents, what, key) =>
        (await addCharge(view.service_order_id, view.is_connect, cents!, what, key)).message
      }
      onChanged={onChanged}
    />
  );
}

function RefundForm({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  return (
    <MoneyForm
      keyKind="refund"
      amountLabel={`Refund ($, up to ${formatCents(view.refundable_cents)})`}
      amountPlaceholder="All"
      textLabel="Reason"
      textMax={300}
      submitLabel="Refund client"
      busyLabel="Refunding…"
      failure="The refund could not be made. Please try again."
      check={(amount, reason) => {
        const cents = amount === "" ? undefined : parseDollarsToCents(amount);
        if (cents === null || (cents !== undefined && (cents < 1 || cents > view.refundable_cents))) {
          return `Enter up to ${formatCents(view.refundable_cents)}, or leave empty to refund it all.`;
        }
        if (reason.length < 3) return "Say why you refund.";
        return { cents };
      }}
      confirm={(cents) => {
        const amount = cents ?? view.refundable_cents;
        return {
          title: `Refund ${formatCents(amount)}?`,
          description:
            `${view.customer.first_name}'s card gets ${formatCents(amount)} back and we text them. ` +
            `Your pay goes down by ${formatCents(bpsOf(amount, PRICING.vendorShareBps))}, your share of it, even if that ` +
            "takes your available balance below zero. A refund can't be undone.",
          label: `Refund ${formatCents(amount)}`,
        };
      }}
      run={async (cents, reason, key) => {
        const done = await issueRefund(view.service_order_id, cents, reason, key);
        return `${done.message} (${formatCents(done.amount_cents)})`;
      }}
      onChanged={onChanged}
    />
  );
}

/**
 * An amount and a line of text that move money (an added charge, a refund): `check` turns the trimmed inputs
 * into cents or an error to show; `run` moves the money and answers the success notice. One key per filled-in
 * form, so a retry after a lost answer moves the money once.
 */
function MoneyForm(props: {
  keyKind: string;
  amountLabel: string;
  amountPlaceholder?: string;
  textLabel: string;
  textMax: number;
  submitLabel: string;
  busyLabel: string;
  failure: string;
  check(amount: string, text: string): { cents: number | undefined } | string;
  /** Asks first, stating the consequence (a refund): the money moves only from the dialog's button. */
  confirm?(cents: number | undefined): { title: string; description: string; label: string };
  run(cents: number | undefined, text: string, key: string): Promise<string>;
  onChanged(): void;
}) {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ cents: number | undefined } | null>(null);
  const key = useRef(actionKey(props.keyKind));
  const move = async (cents: number | undefined) => {
    notify("success", await props.run(cents, text.trim(), key.current));
    key.current = actionKey(props.keyKind);
    setAmount("");
    setText("");
    setAsking(null);
    props.onChanged();
  };
  const submit = async () => {
    const checked = props.check(amount.trim(), text.trim());
    if (typeof checked === "string") return setError(checked);
    setError(null);
    if (props.confirm) return setAsking(checked);
    setBusy(true);
    try {
      await move(checked.cents);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : props.failure);
    } finally {
      setBusy(false);
    }
  };
  const question = asking && props.confirm ? props.confirm(asking.cents) : null;
  return (
    <>
      <form
        className="job-money-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-a`}>
            {props.amountLabel}
          </label>
          <input
            id={`${id}-a`}
            className="input"
            inputMode="decimal"
            placeholder={props.amountPlaceholder}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-t`}>
            {props.textLabel}
          </label>
          <input
            id={`${id}-t`}
            className="input"
            maxLength={props.textMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <button
          type="submit"
          className="button button-secondary"
          disabled={busy}
          aria-haspopup={props.confirm ? "dialog" : undefined}
        >
          {busy ? props.busyLabel : props.submitLabel}
        </button>
      </form>
      {props.confirm && (
        <ConfirmDialog
          open={asking !== null}
          title={question?.title ?? ""}
          description={question?.description}
          confirmLabel={question?.label ?? props.submitLabel}
          busyLabel={props.busyLabel}
          onCancel={() => setAsking(null)}
          onConfirm={() => move(asking?.cents)}
          testId={`${props.keyKind}-confirm-dialog`}
        />
      )}
    </>
  );
}

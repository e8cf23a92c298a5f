import { useId, useState } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { FormError } from "../../../components/ui/field";
import { formatCents } from "../../../lib/format";
import { chargeCustomer, type CustomerDetail, staffLists } from "../api/staff";
import { Notice, StaffListView, useActionNotice, useStaffList } from "./staff-kit";
import { day, STATUS_NAME, toCents } from "./staff-format";

/** A new request key each time a charge form opens: a double click or a retry of it is the same charge. */
const newRequestKey = () => crypto.randomUUID().replaceAll("-", "");

/**
 * Charge a customer for one of their jobs (docs/decisions/097): the job, an amount from $1.00 to $500.00, a
 * reason, then a confirmation naming the amount. Their saved card is charged; when it needs them (3-D
 * Secure) they are texted a payment link, and the notice says so.
 */
export function CustomerCharge({ customer }: { customer: CustomerDetail }) {
  const [jobId, setJobId] = useState(customer.jobs[0] ? String(customer.jobs[0].service_order_id) : "");
  const [dollars, setDollars] = useState("");
  const [reason, setReason] = useState("");
  const [open, setOpen] = useState(false);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const [formError, setFormError] = useState<string | null>(null);
  const charges = useStaffList(staffLists.charges, { user_id: String(customer.user_id) });
  const { notice, done } = useActionNotice(charges.reload);
  const ids = { job: useId(), amount: useId(), reason: useId() };
  const cents = toCents(dollars);
  if (customer.jobs.length === 0) {
    return <p className="muted">No job a pro took: there is nothing to charge for.</p>;
  }
  return (
    <section aria-labelledby={`${ids.job}-title`}>
      <h3 id={`${ids.job}-title`}>Charge this customer</h3>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (cents === null) return setFormError("Enter the amount in dollars, for example 25.00.");
          if (reason.trim().length < 6) return setFormError("Say why (at least 6 characters).");
          setFormError(null);
          setOpen(true);
        }}
      >
        <div className="form-grid">
          <div className="field">
            <label htmlFor={ids.job} className="field-label">
              Job
            </label>
            <select id={ids.job} className="input select" value={jobId} onChange={(e) => setJobId(e.target.value)}>
              {customer.jobs.map((j) => (
                <option key={j.service_order_id} value={j.service_order_id}>
                  #{j.service_order_id} · {j.description} by {j.vendor_name} · {day(j.promised_arrival_time)} ·{" "}
                  {STATUS_NAME[j.service_order_status_id] ?? j.service_order_status_id}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.amount} className="field-label">
              Amount ($1.00 to $500.00)
            </label>
            <input
              id={ids.amount}
              className="input"
              inputMode="decimal"
              required
              value={dollars}
              onChange={(e) => setDollars(e.target.value)}
            />
          </div>
        </div>
        <div className="field">
          <label htmlFor={ids.reason} className="field-label">
            Reason (on the customer's receipt and in the audit log)
          </label>
          <textarea
            id={ids.reason}
            className="input"
            rows={2}
            required
            minLength={6}
            maxLength={300}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
        <FormError message={formError} />
        <div className="form-actions">
          <button type="submit" className="button button-secondary">
            Review charge
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={open}
        title={`Charge ${cents === null ? "" : formatCents(cents)} to ${customer.name}?`}
        description="Their saved card is charged now. If the card needs their approval, they get a payment link by text."
        confirmLabel="Charge"
        busyLabel="Charging…"
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          // The dialog opens only for a valid amount (the form's check above).
          if (cents === null) return;
          const res = await chargeCustomer({
            user_id: customer.user_id,
            service_order_id: Number(jobId),
            amount_cents: cents,
            reason: reason.trim(),
            request_key: requestKey,
          });
          setOpen(false);
          setDollars("");
          setReason("");
          setRequestKey(newRequestKey());
          done(
            res.status === "link_sent"
              ? "The card needs the customer's approval: we texted them a payment link."
              : res.status === "succeeded"
                ? "Charged. The customer got a receipt by text."
                : "The charge is being made. Refresh in a minute.",
          );
        }}
      >
        <p>
          Job #{jobId}: {reason}
        </p>
      </ConfirmDialog>
      <Notice message={notice} />
      <StaffListView list={charges} label="staff charges" empty="No staff charge yet.">
        {(items) => (
          <ul data-testid="staff-charges">
            {items.map((c) => (
              <li key={c.staff_charge_id}>
                {formatCents(c.amount_cents)} · {c.kind === "suspension_fee" ? "reschedule fee" : "charge"} · job #
                {c.service_order_id} ·{" "}
                <span className={`status-pill is-${c.status}`}>{c.status.replace("_", " ")}</span> · {c.reason} ·{" "}
                {c.staff_name} · {day(c.created_at)}
              </li>
            ))}
          </ul>
        )}
      </StaffListView>
    </section>
  );
}

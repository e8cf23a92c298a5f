import { useEffect, useId, useRef, useState } from "react";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { StaffTable } from "../../../components/ui/staff-table";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { formatLocalDateTime } from "../../../../domain/slot-format";
import { formatCents } from "../../../lib/format";
import {
  getStaffJob,
  staffAction,
  type CustomerDetail,
  type ExceptionRow,
  type StaffChargeRow,
  type StaffJob,
  type StaffJobRow,
} from "../api/staff";
import {
  ActionButton,
  Notice,
  SearchBar,
  StaffListView,
  StateFilter,
  customerMessage,
  proMessage,
  useActionNotice,
  useStaffList,
} from "./staff-kit";
import { asyncHandler } from "../../../lib/async-handler";

const STATUS_NAME: Record<number, string> = {
  [ServiceOrderStatus.PENDING]: "pending",
  [ServiceOrderStatus.SCHEDULED]: "scheduled",
  [ServiceOrderStatus.IN_PROGRESS]: "in progress",
  [ServiceOrderStatus.COMPLETED]: "completed",
  [ServiceOrderStatus.CANCELLED]: "cancelled",
  [ServiceOrderStatus.SUSPENDED]: "suspended",
};

const day = (ms: number) =>
  new Date(ms).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

/** Dollars typed by staff to whole cents; null when it is not an amount. */
function toCents(dollars: string): number | null {
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(dollars.trim())) return null;
  return Math.round(Number(dollars) * 100);
}

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
  const charges = useStaffList<StaffChargeRow>("/admin/charges", { user_id: customer.user_id });
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
          const res = await staffAction<{ status: string }>("/admin/charges", {
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

function FeeFields({
  fee,
  setFee,
  reduced,
  setReduced,
  fullCents,
  choices,
}: {
  fee: string;
  setFee(v: string): void;
  reduced: string;
  setReduced(v: string): void;
  fullCents: number;
  choices: readonly ("waived" | "assessed" | "reduced")[];
}) {
  const id = useId();
  return (
    <fieldset className="field">
      <legend className="field-label">Reschedule fee</legend>
      {choices.map((c) => (
        <label key={c} className="toggle">
          <input type="radio" name={`${id}-fee`} value={c} checked={fee === c} onChange={() => setFee(c)} />{" "}
          {c === "waived" ? "Waived" : c === "assessed" ? `Assessed (${formatCents(fullCents)})` : "Reduced"}
        </label>
      ))}
      {fee === "reduced" && (
        <div className="field">
          <label htmlFor={`${id}-amount`} className="field-label">
            Reduced fee ($1.00 to less than {formatCents(fullCents)})
          </label>
          <input
            id={`${id}-amount`}
            className="input"
            inputMode="decimal"
            required
            value={reduced}
            onChange={(e) => setReduced(e.target.value)}
          />
        </div>
      )}
    </fieldset>
  );
}

/** Jobs: look one up by number; suspend with a fee choice, reschedule (fee waived, or after a suspension). */
/** The job list's state filter (GET /api/admin/jobs `status`). */
const JOB_FILTERS = [
  ["", "All jobs"],
  ["upcoming", "Upcoming"],
  ["unassigned", "Finding a pro"],
  ["suspended", "Suspended"],
  ["completed", "Completed"],
  ["cancelled", "Cancelled"],
] as const;

/**
 * Jobs: find a job in the list (search by number, customer, phone, pro or ZIP; filter by state) or jump to it
 * by number; the job card below holds what staff may do to it (suspend, reschedule, mark complete).
 */
export function JobsSection() {
  const [q, setQ] = useState("");
  const [status, setStatus] = useState("upcoming");
  const list = useStaffList<StaffJobRow>("/admin/jobs", { q, status });
  const cardHeading = useRef<HTMLHeadingElement>(null);
  const [focusCard, setFocusCard] = useState(false);
  const [number, setNumber] = useState("");
  const [job, setJob] = useState<StaffJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [fee, setFee] = useState("waived");
  const [reduced, setReduced] = useState("");
  const [date, setDate] = useState("");
  const [time, setTime] = useState("10:00");
  const ids = { number: useId(), date: useId(), time: useId() };
  const load = async (id: number) => {
    setLoading(true);
    try {
      setJob(await getStaffJob(id));
      setError(null);
    } catch (err) {
      setJob(null);
      setError(errorMessage(err));
    } finally {
      setLoading(false);
    }
  };
  const { notice, done } = useActionNotice(() =>
    Promise.all([list.reload(), job ? load(job.service_order_id) : undefined]),
  );
  useEffect(() => setFee("waived"), [job?.service_order_id]);
  useEffect(() => {
    if (focusCard && job) {
      cardHeading.current?.focus();
      setFocusCard(false);
    }
  }, [focusCard, job]);
  const reducedCents = toCents(reduced);
  return (
    <>
      <SearchBar label="Search jobs: number, customer, phone, pro or ZIP" onSearch={setQ} />
      <StateFilter value={status} onChange={setStatus} options={JOB_FILTERS} />
      <StaffListView list={list} label="jobs" empty="No job matches this search.">
        {(items) => (
          <StaffTable
            caption="Jobs"
            testId="jobs-table"
            rows={items}
            rowKey={(r) => r.service_order_id}
            columns={[
              {
                label: "Job",
                cell: (r) => (
                  <>
                    #{r.service_order_id} · {r.description}
                    <div className="muted">ZIP {r.zipcode}</div>
                  </>
                ),
              },
              {
                label: "When",
                cell: (r) => formatLocalDateTime(r.local_time, { timeZone: r.time_zone, instant: r.starts_at }),
              },
              { label: "Customer", cell: (r) => r.customer_name },
              { label: "Pro", cell: (r) => r.vendor_name ?? <span className="muted">no pro yet</span> },
              { label: "Price", cell: (r) => formatCents(r.price_cents) },
              {
                label: "Status",
                cell: (r) => (
                  <>
                    <span className={`status-pill is-${STATUS_NAME[r.service_order_status_id] ?? "unknown"}`}>
                      {STATUS_NAME[r.service_order_status_id] ?? r.service_order_status_id}
                    </span>
                    {r.is_connect && <span className="status-pill">business</span>}
                  </>
                ),
              },
              {
                label: "Open",
                hideLabel: true,
                cell: (r) => (
                  <button
                    type="button"
                    className="button button-secondary button-sm"
                    aria-label={`Open job #${r.service_order_id}`}
                    disabled={loading}
                    onClick={asyncHandler(async () => {
                      await load(r.service_order_id);
                      setFocusCard(true);
                    })}
                  >
                    Open
                  </button>
                ),
              },
            ]}
          />
        )}
      </StaffListView>
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (/^\d{1,12}$/.test(number.trim())) void load(Number(number.trim()));
          else setError("Enter a job number.");
        }}
      >
        <label htmlFor={ids.number} className="field-label">
          Job number
        </label>
        <input
          id={ids.number}
          className="input"
          inputMode="numeric"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
        />
        <button type="submit" className="button button-secondary button-sm" disabled={loading}>
          {loading ? "Loading…" : "Find job"}
        </button>
      </form>
      <FormError message={error} />
      <Notice message={notice} />
      {job && (
        <section className="card" aria-label={`Job #${job.service_order_id}`} data-testid="staff-job">
          <h2 className="card-title" ref={cardHeading} tabIndex={-1}>
            #{job.service_order_id} · {job.description}
          </h2>
          <p className="muted">
            {job.customer_name} · {job.vendor_name ?? "no pro yet"} ·{" "}
            {formatLocalDateTime(job.local_time, { timeZone: job.time_zone, instant: job.promised_arrival_time })} ·{" "}
            {formatCents(job.price_cents)} ·{" "}
            <span className={`status-pill is-${STATUS_NAME[job.service_order_status_id] ?? "unknown"}`}>
              {STATUS_NAME[job.service_order_status_id] ?? job.service_order_status_id}
            </span>
            {job.is_connect && <span className="status-pill">business</span>}
          </p>
          <div className="order-actions">
            {job.may_suspend && (
              <ActionButton
                label="Suspend"
                title={`Suspend job #${job.service_order_id}`}
                path={`/admin/jobs/${job.service_order_id}/suspend`}
                body={{ fee, ...(fee === "reduced" && reducedCents !== null ? { fee_cents: reducedCents } : {}) }}
                messages={[
                  customerMessage("Your … is on hold. Our team will contact you to pick a new time."),
                  ...(job.vendor_id !== null ? [proMessage("job.suspend")] : []),
                ]}
                onDone={done}
              >
                <p className="muted" data-testid="suspend-fee-payer">
                  Who pays: with the fee assessed or reduced, the customer pays the reschedule fee (their saved card, or
                  a payment link we text them); waived, no one pays. The pro never pays it.
                </p>
                <FeeFields
                  fee={fee}
                  setFee={setFee}
                  reduced={reduced}
                  setReduced={setReduced}
                  fullCents={job.reschedule_fee_cents}
                  choices={["waived", "assessed", "reduced"]}
                />
              </ActionButton>
            )}
            {job.may_reschedule && (
              <ActionButton
                label="Reschedule"
                title={`Reschedule job #${job.service_order_id}`}
                path={`/admin/jobs/${job.service_order_id}/reschedule`}
                body={{ date, time, fee: "waived" }}
                messages={[
                  customerMessage("Your … moved to the new time. We'll text you when a professional confirms."),
                  ...(job.vendor_id !== null ? [proMessage("job.reschedule")] : []),
                ]}
                onDone={done}
              >
                <p className="muted" data-testid="reschedule-fee-payer">
                  {job.service_order_status_id === ServiceOrderStatus.SUSPENDED
                    ? "The fee was decided when the job was suspended: the customer paid it, or it was waived."
                    : "The reschedule fee is waived: no one pays it. To charge the customer the fee, suspend the job with it first."}{" "}
                  The pro pays nothing. The job goes back to the pros who are free at the new time.
                </p>
                <div className="form-grid">
                  <div className="field">
                    <label htmlFor={ids.date} className="field-label">
                      New date
                    </label>
                    <input
                      id={ids.date}
                      className="input"
                      type="date"
                      required
                      value={date}
                      onChange={(e) => setDate(e.target.value)}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={ids.time} className="field-label">
                      New time ({job.time_zone})
                    </label>
                    <input
                      id={ids.time}
                      className="input"
                      type="time"
                      required
                      step={900}
                      value={time}
                      onChange={(e) => setTime(e.target.value)}
                    />
                  </div>
                </div>
              </ActionButton>
            )}
            {(job.service_order_status_id === ServiceOrderStatus.SCHEDULED ||
              job.service_order_status_id === ServiceOrderStatus.IN_PROGRESS) && (
              <ActionButton
                label="Mark complete"
                title={`Close job #${job.service_order_id} as completed`}
                path={`/admin/jobs/${job.service_order_id}/complete`}
                messages={[proMessage("job.complete")]}
                onDone={done}
              />
            )}
          </div>
        </section>
      )}
    </>
  );
}

/** Exceptions: a pro asks to lift the reliability penalty of a job they gave back; approve or deny. */
export function ExceptionsSection() {
  const [status, setStatus] = useState<"pending" | "approved" | "denied">("pending");
  const [q, setQ] = useState("");
  const list = useStaffList<ExceptionRow>("/admin/exceptions", { status, q });
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <StateFilter
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        options={[
          ["pending", "Waiting"],
          ["approved", "Approved"],
          ["denied", "Denied"],
        ]}
      />
      <SearchBar label="Pro's name" onSearch={setQ} />
      <Notice message={notice} />
      <StaffListView list={list} label="exceptions" empty="No exception in this state.">
        {(items) => (
          <ul className="order-list" data-testid="exceptions-list">
            {items.map((e) => (
              <li key={e.exception_id} className="card">
                <h3 className="card-title">
                  {e.vendor_name}: {e.penalty} points for{" "}
                  {e.kind === "emergency_reschedule" ? "an emergency" : "a job they could not do"}
                </h3>
                <p className="muted">
                  {e.service} · job #{e.service_order_id} · reliability now {e.reliability} · asked {day(e.created_at)}
                </p>
                <p>{e.explanation}</p>
                {e.decision_note && <p className="muted">Decision: {e.decision_note}</p>}
                {e.status === "pending" && (
                  <div className="order-actions">
                    <ActionButton
                      label="Approve"
                      title={`Give ${e.vendor_name} their ${e.penalty} points back`}
                      path={`/admin/exceptions/${e.exception_id}/approve`}
                      onDone={done}
                    />
                    <ActionButton
                      label="Deny"
                      title={`Deny ${e.vendor_name}'s exception`}
                      path={`/admin/exceptions/${e.exception_id}/deny`}
                      reasonLabel="Why (the pro sees this)"
                      onDone={done}
                      danger
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </StaffListView>
    </>
  );
}

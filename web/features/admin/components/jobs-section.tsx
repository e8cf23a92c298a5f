import { useEffect, useId, useRef, useState } from "react";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { StaffTable } from "../../../components/ui/staff-table";
import { FormError } from "../../../components/ui/field";
import { asyncHandler } from "../../../lib/async-handler";
import { errorMessage } from "../../../lib/api-client";
import { formatLocalDateTime } from "../../../../domain/slot-format";
import { formatCents } from "../../../lib/format";
import { adminClient } from "../../../lib/api-clients";
import { getStaffJob, type StaffJob, staffLists, staffSend } from "../api/staff";
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
import { STATUS_NAME, toCents } from "./staff-format";

/** The reschedule fee staff choose (the suspend and reschedule routes' `fee`). */
type StaffFee = "waived" | "assessed" | "reduced";

function FeeFields({
  fee,
  setFee,
  reduced,
  setReduced,
  fullCents,
  choices,
}: {
  fee: StaffFee;
  setFee(v: StaffFee): void;
  reduced: string;
  setReduced(v: string): void;
  fullCents: number;
  choices: readonly StaffFee[];
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
  const [status, setStatus] = useState<(typeof JOB_FILTERS)[number][0]>("upcoming");
  const list = useStaffList(staffLists.jobs, { q, status });
  const cardHeading = useRef<HTMLHeadingElement>(null);
  const [focusCard, setFocusCard] = useState(false);
  const [number, setNumber] = useState("");
  const [job, setJob] = useState<StaffJob | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [fee, setFee] = useState<StaffFee>("waived");
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
                send={staffSend(
                  adminClient.jobs[":id"].suspend.$post,
                  { param: { id: String(job.service_order_id) } },
                  { fee, ...(fee === "reduced" && reducedCents !== null ? { fee_cents: reducedCents } : {}) },
                )}
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
                send={staffSend(
                  adminClient.jobs[":id"].reschedule.$post,
                  { param: { id: String(job.service_order_id) } },
                  { date, time, fee: "waived" as const },
                )}
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
                send={staffSend(adminClient.jobs[":id"].complete.$post, {
                  param: { id: String(job.service_order_id) },
                })}
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

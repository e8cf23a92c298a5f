import { useEffect, useId, useState } from "react";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { formatLocalDateTime, formatWhen } from "../../../../domain/slot-format";
import { Field, FormError } from "../../../components/ui/field";
import { StaffTable } from "../../../components/ui/staff-table";
import { apiRequest, ApiError, errorMessage } from "../../../lib/api-client";
import { formatCents, formatPhone } from "../../../lib/format";
import {
  getConnectPros,
  getConnectServices,
  type ConnectRequestRow,
  type ConnectService,
  type ProOption,
} from "../../admin/api/staff";
import {
  ActionButton,
  proMessage,
  Notice,
  StaffListView,
  StateFilter,
  useActionNotice,
  useStaffList,
} from "../../admin/components/staff-kit";
import { asyncHandler } from "../../../lib/async-handler";

/** /connect: the business request form (POST /api/connect/requests). */
export function ConnectRequestForm() {
  const [services, setServices] = useState<ConnectService[] | null>(null);
  const [form, setForm] = useState({
    business_name: "",
    contact_name: "",
    phone: "",
    email: "",
    address: "",
    zipcode: "",
    date: "",
    time: "10:00",
    people: "10",
    service_id: "",
    notes: "",
  });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const serviceId = useId();
  const notesId = useId();

  useEffect(() => {
    const ctrl = new AbortController();
    getConnectServices(ctrl.signal)
      .then((list) => {
        setServices(list);
        if (list[0]) setForm((f) => ({ ...f, service_id: f.service_id || String(list[0]!.service_id) }));
      })
      .catch((err) => !ctrl.signal.aborted && setError(errorMessage(err)));
    return () => ctrl.abort();
  }, []);

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  if (sent) {
    return (
      <div className="callout" role="status" data-testid="connect-request-sent">
        <div>
          <h2>Request received</h2>
          <p>{sent}</p>
        </div>
      </div>
    );
  }
  return (
    <form
      className="form card"
      aria-labelledby="connect-form-title"
      onSubmit={asyncHandler(async (e) => {
        e.preventDefault();
        setBusy(true);
        setError(null);
        setFields({});
        try {
          await apiRequest("/connect/requests", {
            method: "POST",
            json: {
              ...form,
              people: Number(form.people),
              service_id: Number(form.service_id),
              notes: form.notes || undefined,
            },
          });
          setSent("Thank you! Our business team will contact you to confirm the details.");
        } catch (err) {
          setError(errorMessage(err));
          if (err instanceof ApiError && err.fields) setFields(err.fields);
        } finally {
          setBusy(false);
        }
      })}
    >
      <h2 id="connect-form-title" className="card-title">
        Request services for your business
      </h2>
      <div className="form-grid">
        <Field
          label="Business name"
          required
          value={form.business_name}
          onChange={set("business_name")}
          error={fields.business_name}
        />
        <Field
          label="Your name"
          required
          value={form.contact_name}
          onChange={set("contact_name")}
          error={fields.contact_name}
        />
        <Field label="Phone" type="tel" required value={form.phone} onChange={set("phone")} error={fields.phone} />
        <Field label="Email" type="email" required value={form.email} onChange={set("email")} error={fields.email} />
        <Field label="Street address" required value={form.address} onChange={set("address")} error={fields.address} />
        <Field
          label="ZIP code"
          inputMode="numeric"
          required
          value={form.zipcode}
          onChange={set("zipcode")}
          error={fields.zipcode}
        />
        <Field label="Date" type="date" required value={form.date} onChange={set("date")} error={fields.date} />
        <Field
          label="Start time"
          type="time"
          required
          step={1800}
          value={form.time}
          onChange={set("time")}
          error={fields.time}
        />
        <Field
          label="Number of people"
          type="number"
          min={2}
          max={200}
          required
          value={form.people}
          onChange={set("people")}
          error={fields.people}
        />
        <div className="field">
          <label htmlFor={serviceId} className="field-label">
            Service
          </label>
          <select
            id={serviceId}
            className="input select"
            required
            value={form.service_id}
            onChange={set("service_id")}
            disabled={!services}
          >
            {(services ?? []).map((s) => (
              <option key={s.service_id} value={s.service_id}>
                {s.description} ({s.duration_minutes} min)
              </option>
            ))}
          </select>
          {fields.service_id && <p className="field-error">{fields.service_id}</p>}
        </div>
      </div>
      <div className="field">
        <label htmlFor={notesId} className="field-label">
          Anything we should know <span className="field-optional">(optional)</span>
        </label>
        <textarea id={notesId} className="input" rows={3} maxLength={1000} value={form.notes} onChange={set("notes")} />
      </div>
      <FormError message={error} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy || !services || services.length === 0}>
          {busy ? "Sending…" : "Send request"}
        </button>
      </div>
    </form>
  );
}

/** The pros who could take a request (nearest first), leaving out `except` (the pro who has it now). */
function useConnectPros(requestId: number, except: number | null = null): ProOption[] | null {
  const [pros, setPros] = useState<ProOption[] | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getConnectPros(requestId, ctrl.signal)
      .then((list) => setPros(list.filter((p) => p.vendor_id !== except)))
      .catch(() => setPros([]));
    return () => ctrl.abort();
  }, [requestId, except]);
  return pros;
}

const proName = (p: ProOption) => `${p.display_name}${p.base_zip ? ` (${p.base_zip})` : ""}`;

/** One pro from the request's candidates; the nearest is chosen until staff pick another. */
function ProSelect({
  label,
  pros,
  value,
  onChange,
}: {
  label: string;
  pros: ProOption[];
  value: string;
  onChange(vendorId: string): void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="input select" value={value} onChange={(e) => onChange(e.target.value)}>
        {pros.map((p) => (
          <option key={p.vendor_id} value={p.vendor_id}>
            {proName(p)}
          </option>
        ))}
      </select>
    </div>
  );
}

function AssignButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const pros = useConnectPros(row.connect_request_id);
  const [picked, setPicked] = useState("");
  if (pros !== null && pros.length === 0) return <span className="muted">No pro offers this service yet.</span>;
  const vendorId = picked || String(pros?.[0]?.vendor_id ?? "");
  return (
    <ActionButton
      label="Assign"
      title={`Assign ${row.business_name} to a pro`}
      path={`/connect/admin/requests/${row.connect_request_id}/assign`}
      body={{ vendor_id: Number(vendorId) }}
      reasonLabel="Note (optional)"
      reasonRequired={false}
      onDone={onDone}
    >
      <ProSelect label="Pro" pros={pros ?? []} value={vendorId} onChange={setPicked} />
    </ActionButton>
  );
}

/** Offer a new request to several pros at once: the first to schedule it gets it (docs/decisions/089). */
function OfferButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const pros = useConnectPros(row.connect_request_id);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const id = useId();
  if (pros === null || pros.length < 2) return null;
  // The three nearest are ticked until staff change the choice.
  const picked = chosen ?? pros.slice(0, 3).map((p) => p.vendor_id);
  const toggle = (vendorId: number) =>
    setChosen(picked.includes(vendorId) ? picked.filter((x) => x !== vendorId) : [...picked, vendorId].slice(0, 10));
  return (
    <ActionButton
      label="Offer to several"
      title={`Offer ${row.business_name}'s request to several pros`}
      path={`/connect/admin/requests/${row.connect_request_id}/offer`}
      body={{ vendor_ids: picked }}
      reasonLabel="Note (optional)"
      reasonRequired={false}
      onDone={onDone}
    >
      <fieldset className="field" aria-describedby={`${id}-hint`}>
        <legend className="field-label">Pros (2 to 10)</legend>
        <p id={`${id}-hint`} className="muted">
          The first pro to schedule it gets it; the others are told it is no longer available. The offer stays open 2
          hours (less when the start is near); if nobody takes it, the request comes back to New.
        </p>
        {pros.slice(0, 20).map((p) => (
          <label key={p.vendor_id} className="check-row">
            <input type="checkbox" checked={picked.includes(p.vendor_id)} onChange={() => toggle(p.vendor_id)} />
            {proName(p)}
          </label>
        ))}
      </fieldset>
    </ActionButton>
  );
}

/**
 * Hand a scheduled request (its job not started) to another pro who is free then (docs/decisions/112): the new
 * pro's calendar books it first; the old pro's time is freed; both pros and the business are texted.
 */
function ReassignButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const pros = useConnectPros(row.connect_request_id, row.vendor_id);
  const [picked, setPicked] = useState("");
  if (pros === null || pros.length === 0) return null;
  const vendorId = picked || String(pros[0]!.vendor_id);
  return (
    <ActionButton
      label="Reassign"
      title={`Hand ${row.business_name}'s booking to another pro`}
      path={`/connect/admin/requests/${row.connect_request_id}/reassign`}
      body={{ vendor_id: Number(vendorId) }}
      reasonLabel="Note for staff (optional, kept in the audit log, not sent)"
      reasonRequired={false}
      messages={[
        {
          ...proMessage("job.reassign"),
          label: `Message to ${row.vendor_name ?? "the current pro"} (they will read it)`,
        },
      ]}
      onDone={onDone}
    >
      <ProSelect label="New pro" pros={pros} value={vendorId} onChange={setPicked} />
      <p className="muted">
        The booking moves only if this pro is free on {formatLocalDateTime(row.local_time)}; otherwise{" "}
        {row.vendor_name ?? "the current pro"} keeps it. Both pros and the business are texted.
      </p>
    </ActionButton>
  );
}

/** Send the business its invoice: the amount, then a card pay link by text and email (docs/decisions/087). */
function InvoiceButton({ row, onDone }: { row: ConnectRequestRow; onDone(m: string): void }) {
  const [dollars, setDollars] = useState(((row.price_cents ?? 0) / 100).toFixed(2));
  const cents = Math.round(Number(dollars) * 100);
  return (
    <ActionButton
      label={row.invoiced ? "Send a new invoice" : "Send invoice"}
      title={`Invoice ${row.business_name}`}
      path={`/connect/admin/requests/${row.connect_request_id}/invoice`}
      body={{ amount_cents: Number.isFinite(cents) ? cents : 0, resend: row.invoiced }}
      reasonLabel="Note (optional)"
      reasonRequired={false}
      onDone={onDone}
    >
      <Field
        label="Amount the business pays ($)"
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        required
        value={dollars}
        onChange={(e) => setDollars(e.target.value)}
      />
      <p className="muted">
        We text and email the business a secure card payment link. A new invoice replaces an unpaid earlier link.
      </p>
    </ActionButton>
  );
}

/** The connect job's state when it is not simply scheduled (staff may have moved or closed it). */
const JOB_STATE: Record<number, string> = {
  10: "Job waiting for a pro",
  30: "Job in progress",
  40: "Job completed",
  50: "Job cancelled",
  60: "Job suspended",
};

function PayState({ row }: { row: ConnectRequestRow }) {
  if (row.paid) return <span className="status-pill is-delivered">Paid</span>;
  if (row.invoiced) return <span className="status-pill">Invoice sent, unpaid</span>;
  return <span className="status-pill">Not invoiced</span>;
}

/** Unpaid invoices are reminded at 3 and 7 days (docs/decisions/114): when the last reminder went out. */
function ReminderState({ row }: { row: ConnectRequestRow }) {
  if (!row.invoiced || row.paid) return null;
  if (row.reminders === 0 || row.last_reminder_at === null) {
    return <p className="muted">No reminder yet: the business is reminded 3 and 7 days after the invoice.</p>;
  }
  return (
    <p className="muted" data-testid="connect-reminder">
      Reminder {row.reminders} of 2 sent {formatWhen(row.last_reminder_at, row.time_zone)}
    </p>
  );
}

const STATES = [
  ["new", "New"],
  ["assigned", "Assigned"],
  ["offered", "Offered"],
  ["scheduled", "Scheduled"],
  ["cancelled", "Cancelled"],
] as const;
type QueueState = (typeof STATES)[number][0];

/** /connect/admin: the queue of business requests; assign or offer to pros, invoice scheduled ones, cancel. */
export function ConnectQueue() {
  const [status, setStatus] = useState<QueueState>("new");
  const list = useStaffList<ConnectRequestRow>("/connect/admin/requests", { status });
  const { notice, done } = useActionNotice(list.reload);
  return (
    <>
      <div className="segmented toolbar" role="group" aria-label="Request state">
        {STATES.map(([s, label]) => (
          <button
            key={s}
            type="button"
            className={`button button-sm ${status === s ? "button-primary" : "button-secondary"}`}
            aria-pressed={status === s}
            onClick={() => setStatus(s)}
          >
            {label}
          </button>
        ))}
      </div>
      <Notice message={notice} />
      <StaffListView list={list} label="requests" empty="No business request in this state.">
        {(items) => (
          <ul className="order-list" data-testid="connect-queue">
            {items.map((r) => (
              <li key={r.connect_request_id} className="card">
                <h3 className="card-title">
                  {r.business_name} · {r.people} people
                </h3>
                <p className="muted">
                  {r.service} · {formatLocalDateTime(r.local_time)} · {r.address}, {r.zipcode}
                </p>
                <p className="muted">
                  {r.contact_name} · {formatPhone(r.phone)} · {r.email}
                </p>
                {r.notes && <p>{r.notes}</p>}
                {r.nobody_took_offer && (
                  <p>
                    <span className="status-pill is-failed" data-testid="connect-offer-expired">
                      Nobody took the offer
                    </span>{" "}
                    <span className="muted">
                      The offer to {r.offered_to ?? "several pros"} ended{" "}
                      {r.offer_expired_at !== null ? formatWhen(r.offer_expired_at, r.time_zone) : ""} with no pro
                      scheduling it.
                    </span>
                  </p>
                )}
                {r.status === "offered" && r.offered_to && (
                  <p>
                    Offered to {r.offered_to}
                    {r.offer_expires_at !== null && (
                      <span className="muted">
                        {" "}
                        · open until {formatWhen(r.offer_expires_at, r.time_zone)}, then back to New
                      </span>
                    )}
                  </p>
                )}
                {r.vendor_name && r.status !== "scheduled" && <p>Assigned to {r.vendor_name}</p>}
                {r.proposed_starts_at !== null && r.status !== "scheduled" && r.status !== "cancelled" && (
                  <p data-testid="connect-proposal">
                    {r.proposed_vendor_name ?? "A pro"} cannot make this time and proposed{" "}
                    {r.proposed_local_time ? formatLocalDateTime(r.proposed_local_time) : "another time"} instead.
                  </p>
                )}
                {r.status === "scheduled" && (
                  <p data-testid="connect-scheduled">
                    Scheduled by {r.vendor_name} · job #{r.service_order_id} · {r.sessions} session
                    {r.sessions === 1 ? "" : "s"} · {formatCents(r.price_cents ?? 0)} <PayState row={r} />
                    {r.job_status !== null && JOB_STATE[r.job_status] && (
                      <span className="status-pill">{JOB_STATE[r.job_status]}</span>
                    )}
                  </p>
                )}
                {r.status === "scheduled" && <ReminderState row={r} />}
                <div className="order-actions">
                  {r.status === "new" && <AssignButton row={r} onDone={done} />}
                  {r.status === "new" && <OfferButton row={r} onDone={done} />}
                  {r.proposed_starts_at !== null && r.status !== "scheduled" && r.status !== "cancelled" && (
                    <ActionButton
                      label="Accept proposed time"
                      title={`Move ${r.business_name}'s request to the proposed time`}
                      path={`/connect/admin/requests/${r.connect_request_id}/accept-proposal`}
                      reasonRequired={false}
                      onDone={done}
                    >
                      <p className="muted">
                        The request moves to{" "}
                        {r.proposed_local_time ? formatLocalDateTime(r.proposed_local_time) : "the proposed time"} and
                        is assigned to {r.proposed_vendor_name ?? "the pro who proposed it"}, who is texted.
                      </p>
                    </ActionButton>
                  )}
                  {r.status === "scheduled" && !r.paid && <InvoiceButton row={r} onDone={done} />}
                  {r.status === "scheduled" && r.job_status === ServiceOrderStatus.SCHEDULED && (
                    <ReassignButton row={r} onDone={done} />
                  )}
                  {(r.status === "assigned" || r.status === "offered") && (
                    <ActionButton
                      label="Take back"
                      title={`Take ${r.business_name}'s request back to the queue`}
                      path={`/connect/admin/requests/${r.connect_request_id}/release`}
                      onDone={done}
                    >
                      <p className="muted">
                        The request goes back to New so you can assign or offer it again; its pros are told it is no
                        longer available.
                      </p>
                    </ActionButton>
                  )}
                  {r.status !== "cancelled" && r.status !== "scheduled" && (
                    <ActionButton
                      label="Cancel request"
                      title={`Cancel ${r.business_name}'s request`}
                      path={`/connect/admin/requests/${r.connect_request_id}/cancel`}
                      onDone={done}
                      danger
                    />
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </StaffListView>
    </>
  );
}

interface ConnectTipRow {
  tip_id: number;
  service_order_id: number;
  amount_cents: number;
  source: "customer" | "secure_pay";
  status: string;
  vendor_name: string | null;
  service: string;
  local_time: string;
}

/** /connect/admin: tips on business jobs (the secure-pay link or the client), newest first. */
export function ConnectTips() {
  const [status, setStatus] = useState("");
  const list = useStaffList<ConnectTipRow>("/connect/admin/tips", { status });
  const id = useId();
  return (
    <section className="staff-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Connect tips</h2>
      <StateFilter
        value={status}
        onChange={setStatus}
        options={[
          ["", "All"],
          ["succeeded", "Paid"],
          ["pending", "Pending"],
          ["failed", "Failed"],
        ]}
      />
      <StaffListView list={list} label="connect tips" empty="No tips on business jobs yet.">
        {(items) => (
          <StaffTable
            caption="Tips on business jobs"
            testId="connect-tips"
            rows={items}
            rowKey={(t) => t.tip_id}
            columns={[
              {
                label: "Job",
                cell: (t) => (
                  <>
                    #{t.service_order_id} · {t.service}
                    <div className="muted">{formatLocalDateTime(t.local_time)}</div>
                  </>
                ),
              },
              { label: "Pro", cell: (t) => t.vendor_name ?? "—" },
              { label: "Tip", cell: (t) => formatCents(t.amount_cents) },
              { label: "From", cell: (t) => (t.source === "secure_pay" ? "Secure-pay link" : "Client") },
              { label: "State", cell: (t) => <span className={`status-pill is-${t.status}`}>{t.status}</span> },
            ]}
          />
        )}
      </StaffListView>
    </section>
  );
}

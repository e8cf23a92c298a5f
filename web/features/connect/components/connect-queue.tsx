import { useState } from "react";
import { ServiceOrderStatus } from "../../../../domain/order-status";
import { formatLocalDateTime, formatWhen } from "../../../../domain/slot-format";
import { formatCents, formatPhone } from "../../../lib/format";
import { connectClient } from "../../../lib/api-clients";
import { type ConnectRequestRow, staffLists, staffSend } from "../../admin/api/staff";
import { ActionButton, Notice, StaffListView, useActionNotice, useStaffList } from "../../admin/components/staff-kit";
import { AssignButton, InvoiceButton, OfferButton, ReassignButton } from "./connect-request-actions";

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
  const list = useStaffList(staffLists.connectRequests, { status });
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
                      send={staffSend(connectClient.admin.requests[":id"]["accept-proposal"].$post, {
                        param: { id: String(r.connect_request_id) },
                      })}
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
                      send={staffSend(connectClient.admin.requests[":id"].release.$post, {
                        param: { id: String(r.connect_request_id) },
                      })}
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
                      send={staffSend(connectClient.admin.requests[":id"].cancel.$post, {
                        param: { id: String(r.connect_request_id) },
                      })}
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

import { useState } from "react";
import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { ClockIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { formatLocalTime } from "../../../lib/local-time";
import { useRequest } from "../../../lib/use-request";
import { useShell } from "../../../stores/shell-context";
import { listScheduled, type ScheduledOrder } from "../api/orders";
import { RescheduleModal } from "./reschedule-modal";

/**
 * /reschedule: the new times the customer's pros proposed, to approve or refuse with the booking's slot picker
 * (docs/decisions/066), then how moving an appointment works and where to do it (My Orders).
 */
export function RescheduleInfoPage() {
  const { supportPhone, viewer } = useShell();
  const list = useRequest<ScheduledOrder[]>(viewer ? "reschedule:proposals" : null, (signal) =>
    listScheduled(null, signal),
  );
  const [open, setOpen] = useState<ScheduledOrder | null>(null);
  const proposals = (list.data ?? []).filter((o) => o.vendor_proposal !== null);
  return (
    <>
      <AreaBar title="Reschedule" />
      <Page title="Reschedule your appointment" width="narrow">
        {viewer && list.loading && !list.data && <p aria-busy="true">Checking your appointments…</p>}
        {viewer && list.error != null && !list.data && (
          <p className="form-error" role="alert">
            {errorMessage(list.error)}{" "}
            <button type="button" className="button button-ghost button-sm" onClick={list.reload}>
              Retry
            </button>
          </p>
        )}
        {proposals.length > 0 && (
          <section aria-labelledby="proposals-title" className="modal-stack">
            <h2 id="proposals-title">New times waiting for your answer</h2>
            <ul className="order-list" aria-label="Proposed new times">
              {proposals.map((o) => (
                <li
                  key={o.service_order_id}
                  className="order-card"
                  data-testid="proposal-card"
                  data-service-order-id={o.service_order_id}
                >
                  <div className="order-body">
                    <h3 className="order-title">{o.service.description}</h3>
                    <p>
                      {o.vendor?.name ?? "Your professional"} asks to move it from{" "}
                      {formatLocalTime(o.promised_arrival_time, o.time_zone)} to{" "}
                      <strong>{formatLocalTime(o.vendor_proposal!.selectedDate, o.time_zone)}</strong>
                      {o.vendor_proposal!.reason ? ` (${o.vendor_proposal!.reason})` : ""}.
                    </p>
                    <div className="order-actions">
                      <button
                        type="button"
                        className="button button-primary button-sm"
                        onClick={() => setOpen(o)}
                        data-testid="review-proposal"
                      >
                        Review new time
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
        <EmptyState
          icon={<ClockIcon size={28} />}
          title="Pick a new time from My Orders"
          steps={[
            { label: viewer ? "Open My Orders" : "Log in to My Orders", href: "/account/orders", primary: true },
            { label: `Call ${supportPhone}`, href: telHref(supportPhone) },
          ]}
        >
          <p>
            Choose Reschedule on your upcoming appointment and pick a new time. Your professional must agree to it: we
            hold the new time for them and text you their answer. Until they agree, your appointment stays as booked,
            and if they don't answer in time (within 24 hours, and before the visit) the request lapses. When your
            professional asks for a new time, it shows here and in My Orders until you approve or refuse it.
          </p>
        </EmptyState>
      </Page>
      <RescheduleModal order={open} onClose={() => setOpen(null)} onDone={list.reload} />
    </>
  );
}

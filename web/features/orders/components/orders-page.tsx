import { useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { AddToCalendar } from "../../../components/visit/add-to-calendar";
import { FavouriteButton } from "../../../components/visit/favourite-button";
import { CalendarIcon, ReceiptIcon, StarIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { useRequest } from "../../../lib/use-request";
import { useZipChange } from "../../../lib/use-zip-change";
import { useViewer } from "../../../stores/shell-context";
import { listCompleted, listScheduled, type CompletedOrder, type ScheduledOrder } from "../api/orders";
import { useOrderLive } from "../hooks/use-order-live";
import { AddedCharges } from "./added-charges";
import { LiveVisit, VisitEndedNote } from "./live-visit";
import { BookAgain } from "./book-again";
import { CancelModal, MessageModal, RatingModal, TipModal } from "./order-modals";
import { RescheduleModal } from "./reschedule-modal";

const STATUS: Record<number, { label: string; tone: string }> = {
  10: { label: "Finding your pro", tone: "is-pending" },
  20: { label: "Scheduled", tone: "is-live" },
  30: { label: "In progress", tone: "is-live" },
};

/** The 500 ms delay of docs/product.md section 9 before a first page of orders loads. */
const firstPageDelay = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, 500);
    signal.addEventListener("abort", () => clearTimeout(t));
  });

/** My Orders: scheduled (status 30 first) and completed (query completed=1) appointments (docs/product.md sections 2 and 4). */
export function OrdersPage() {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const completed = String(search.completed ?? "") === "1";
  const rateId = Number(search.rate ?? 0) || null;
  const [zip, setZip] = useState<string | null>(null);
  useZipChange((z) => setZip(z));

  return (
    <Page title="My Orders" intro="Your appointments, past and upcoming. Reschedule, cancel, tip and rate from here.">
      <div className="orders-toolbar">
        <nav className="help-topics" aria-label="Order lists">
          <AppLink href="/account/orders" className="chip" aria-current={!completed ? "page" : undefined}>
            Upcoming
          </AppLink>
          <AppLink href="/account/orders?completed=1" className="chip" aria-current={completed ? "page" : undefined}>
            Completed
          </AppLink>
        </nav>
        {zip && (
          <p className="muted" role="status">
            Showing appointments in ZIP {zip}.{" "}
            <button type="button" className="link-button" onClick={() => setZip(null)}>
              Show all
            </button>
          </p>
        )}
      </div>
      {completed ? <CompletedList zip={zip} rateId={rateId} /> : <ScheduledList zip={zip} />}
    </Page>
  );
}

function Vendor({ vendor, chosen }: { vendor: ScheduledOrder["vendor"]; chosen?: ScheduledOrder["chosen_pro"] }) {
  const waiting = !vendor && chosen?.state === "waiting";
  return (
    <span className="order-vendor">
      {vendor?.photo && <img src={vendor.photo} alt="" width={28} height={28} />}
      {vendor
        ? vendor.name
        : waiting
          ? `${chosen.name} will confirm by ${formatLocalTime(chosen.confirm_by_local)}`
          : "We're matching you with a professional"}
    </span>
  );
}

/** The chosen pro declined or did not confirm in time (decision 122): the job is offered to others meanwhile. */
function ChosenProOut({
  order,
  highlighted,
  onCancel,
}: {
  order: ScheduledOrder;
  highlighted: boolean;
  onCancel(): void;
}) {
  const chosen = order.chosen_pro;
  if (order.vendor || !chosen || chosen.state === "waiting") return null;
  return (
    <div className="order-note" data-testid="chosen-pro-out" role={highlighted ? "alert" : undefined}>
      <p>
        {chosen.name} {chosen.state === "declined" ? "can't take this appointment" : "didn't confirm in time"}. We're
        offering it to other professionals now and will text you when one accepts. You can also cancel for a full
        refund, or pick another pro yourself.
      </p>
      <div className="order-actions">
        {order.can_cancel && (
          <button type="button" className="button button-primary button-sm" onClick={onCancel}>
            Cancel for a full refund
          </button>
        )}
        <AppLink href={chosen.book_href} className="button button-secondary button-sm">
          Pick another pro
        </AppLink>
      </div>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="order-list" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="skeleton" style={{ height: 128, borderRadius: 14 }} />
      ))}
      <span className="sr-only" role="status">
        Loading your orders…
      </span>
    </div>
  );
}

function LoadError({ error, retry }: { error: unknown; retry(): void }) {
  return (
    <div className="card" role="alert" style={{ marginTop: 16 }}>
      <p>{errorMessage(error)}</p>
      <button type="button" className="button button-secondary button-sm" onClick={retry}>
        Try again
      </button>
    </div>
  );
}

function ScheduledList({ zip }: { zip: string | null }) {
  // A text's link (?so=<service_order_id>) points at one job: its note is announced.
  const highlight = useLocation({ select: (l) => Number((l.search as Record<string, unknown>).so ?? 0) || null });
  // Pushes refetch at once: only the first page waits (docs/decisions/150).
  const loaded = useRef(false);
  const list = useRequest<ScheduledOrder[]>(`orders:${zip ?? ""}`, async (signal) => {
    if (!loaded.current) await firstPageDelay(signal);
    const rows = await listScheduled(zip, signal);
    loaded.current = true;
    return rows;
  });
  const [ended, setEnded] = useState<{ service_order_id: number; stage: "done" | "cancelled" } | null>(null);
  useOrderLive((change) => {
    if ((change.stage === "done" || change.stage === "cancelled") && change.service_order_id)
      setEnded({ service_order_id: change.service_order_id, stage: change.stage });
    if (loaded.current) list.reload();
  });
  const [reschedule, setReschedule] = useState<ScheduledOrder | null>(null);
  const [cancel, setCancel] = useState<ScheduledOrder | null>(null);
  const [message, setMessage] = useState<ScheduledOrder | null>(null);

  if (list.loading && !list.data) return <ListSkeleton />;
  if (!list.data) return <LoadError error={list.error} retry={list.reload} />;
  if (list.data.length === 0) {
    return (
      <>
        <VisitEndedNote ended={ended} />
        <EmptyState
          icon={<CalendarIcon size={28} />}
          title="No upcoming appointments"
          steps={[
            { label: "Book a service", href: "/#book", primary: true },
            { label: "Browse services", href: "/services" },
          ]}
        >
          <p>When you book, your appointment shows up here with your professional's name and arrival time.</p>
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <VisitEndedNote ended={ended} />
      <ul className="order-list" aria-label="Upcoming appointments">
        {list.data.map((o) => {
          const status = STATUS[o.service_order_status_id] ?? { label: "Booked", tone: "" };
          return (
            <li
              key={o.service_order_id}
              className="order-card"
              data-testid="order-card"
              data-service-order-id={o.service_order_id}
            >
              {o.service.image || o.vendor?.photo ? (
                <img className="order-thumb" src={o.service.image ?? o.vendor!.photo!} alt="" />
              ) : (
                <div className="order-thumb" aria-hidden="true" />
              )}
              <div className="order-body">
                <h2 className="order-title">
                  {o.service.description} <span className={`status-tag ${status.tone}`}>{status.label}</span>
                </h2>
                <div className="order-meta">
                  <span>
                    <strong>{formatLocalTime(o.promised_arrival_time, o.time_zone)}</strong>
                  </span>
                  <span>{formatCents(o.price_cents)}</span>
                  <span>Order #{o.order_id}</span>
                </div>
                <div className="order-meta">
                  <Vendor vendor={o.vendor} chosen={o.chosen_pro} />
                  {o.address && <span>{o.address}</span>}
                </div>
                <LiveVisit order={o} />
                <ChosenProOut order={o} highlighted={highlight === o.service_order_id} onCancel={() => setCancel(o)} />
                {o.vendor_proposal && (
                  <div className="order-note" data-testid="order-proposal">
                    <p>
                      {o.vendor?.name ?? "Your professional"} asks to move this to{" "}
                      <strong>{formatLocalTime(o.vendor_proposal.selectedDate, o.time_zone)}</strong>
                      {o.vendor_proposal.reason ? ` (${o.vendor_proposal.reason})` : ""}. Your time stays as booked
                      unless you approve.
                    </p>
                    <button
                      type="button"
                      className="button button-primary button-sm"
                      onClick={() => setReschedule(o)}
                      data-testid="review-proposal"
                    >
                      Review new time
                    </button>
                  </div>
                )}
                {o.reschedule_request &&
                  (o.reschedule_request.checkout_url ? (
                    <p className="order-note" data-testid="order-reschedule-unpaid">
                      You asked to move this to {formatLocalTime(o.reschedule_request.selectedDate, o.time_zone)}
                      {o.reschedule_request.job_minutes ? ` for ${o.reschedule_request.job_minutes} minutes` : ""}.{" "}
                      <AppLink href={o.reschedule_request.checkout_url}>Pay the difference</AppLink> to send it to your
                      professional.
                    </p>
                  ) : (
                    <p className="order-note">
                      You asked to move this to {formatLocalTime(o.reschedule_request.selectedDate, o.time_zone)}
                      {o.reschedule_request.job_minutes ? ` for ${o.reschedule_request.job_minutes} minutes` : ""}.
                      We're waiting for your professional to agree.
                    </p>
                  ))}
                <AddedCharges charges={o.added_charges} />
                <div className="order-actions">
                  {o.can_reschedule && (
                    <button
                      type="button"
                      className="button button-secondary button-sm"
                      onClick={() => setReschedule(o)}
                    >
                      Reschedule
                    </button>
                  )}
                  {o.vendor && (
                    <button type="button" className="button button-secondary button-sm" onClick={() => setMessage(o)}>
                      Message pro
                    </button>
                  )}
                  {o.can_cancel && (
                    <button type="button" className="button button-ghost button-sm" onClick={() => setCancel(o)}>
                      Cancel
                    </button>
                  )}
                  <AddToCalendar serviceOrderId={o.service_order_id} />
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <RescheduleModal order={reschedule} onClose={() => setReschedule(null)} onDone={list.reload} />
      <CancelModal order={cancel} onClose={() => setCancel(null)} onDone={list.reload} />
      <MessageModal order={message} onClose={() => setMessage(null)} />
    </>
  );
}

function CompletedList({ zip, rateId }: { zip: string | null; rateId: number | null }) {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<CompletedOrder[]>([]);
  const [more, setMore] = useState(false);
  const [tip, setTip] = useState<CompletedOrder | null>(null);
  const [rate, setRate] = useState<{ service_order_id: number; vendor_name: string } | null>(null);
  useEffect(() => {
    setPage(1);
    setItems([]);
  }, [zip]);
  const list = useRequest(`completed:${zip ?? ""}:${page}`, async (signal) => {
    if (page === 1) await firstPageDelay(signal);
    return listCompleted(zip, page, signal);
  });
  useEffect(() => {
    if (!list.data) return;
    const data = list.data;
    setItems((prev) =>
      data.page === 1
        ? data.items
        : [...prev, ...data.items.filter((i) => !prev.some((p) => p.service_order_id === i.service_order_id))],
    );
    setMore(data.more);
  }, [list.data]);

  // The post-login review prompt (redirect code 2) arrives with ?rate=<service_order_id>.
  useEffect(() => {
    if (!rateId || items.length === 0) return;
    const o = items.find((i) => i.service_order_id === rateId);
    if (o && o.vendor_rating === null)
      setRate({ service_order_id: o.service_order_id, vendor_name: o.vendor?.name ?? "your professional" });
    void navigate({ to: "/account/orders", search: { completed: 1 } as never, replace: true });
  }, [rateId, items, navigate]);

  if (list.loading && items.length === 0) return <ListSkeleton />;
  if (list.error != null && items.length === 0) return <LoadError error={list.error} retry={list.reload} />;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<ReceiptIcon size={28} />}
        title="No completed appointments yet"
        steps={[{ label: "Book a service", href: "/#book", primary: true }]}
      >
        <p>
          After each appointment you'll find it here with its receipt, so you can rate your professional, add a tip or
          book them again.
        </p>
      </EmptyState>
    );
  }
  const patch = (id: number, p: Partial<CompletedOrder>) =>
    setItems((prev) => prev.map((i) => (i.service_order_id === id ? { ...i, ...p } : i)));
  return (
    <>
      <ul className="order-list" aria-label="Completed appointments">
        {items.map((o) => (
          <li
            key={o.service_order_id}
            className="order-card"
            data-testid="order-card"
            data-service-order-id={o.service_order_id}
          >
            {o.job_image || o.vendor?.photo ? (
              <img className="order-thumb" src={o.job_image ?? o.vendor!.photo!} alt="" />
            ) : (
              <div className="order-thumb" aria-hidden="true" />
            )}
            <div className="order-body">
              <h2 className="order-title">
                {o.service.description} <span className="status-tag">Completed</span>
              </h2>
              <div className="order-meta">
                <span>
                  <strong>{formatLocalTime(o.promised_arrival_time, o.time_zone)}</strong>
                </span>
                <span>{formatCents(o.price_cents)}</span>
                {o.tip_cents > 0 && <span>Tip {formatCents(o.tip_cents)}</span>}
              </div>
              <div className="order-meta">
                <Vendor vendor={o.vendor} />
                {o.vendor_rating !== null && (
                  <span className="rating" aria-label={`You rated ${o.vendor_rating} out of 5`}>
                    <StarIcon size={16} /> {o.vendor_rating}/5
                  </span>
                )}
              </div>
              {o.job_images.length > 1 && (
                <div className="order-images">
                  {o.job_images.map((img, i) => (
                    <img key={i} src={img.file} alt={img.type === 2 ? "Before" : img.type === 1 ? "After" : "Photo"} />
                  ))}
                </div>
              )}
              <AddedCharges charges={o.added_charges} />
              <div className="order-actions">
                {o.vendor && (
                  <button
                    type="button"
                    className="button button-primary button-sm"
                    onClick={() => setTip(o)}
                    data-testid="tip-open"
                  >
                    {o.tip_cents > 0 ? "Tip again" : "Send tip"}
                  </button>
                )}
                {o.vendor && o.vendor_rating === null && (
                  <button
                    type="button"
                    className="button button-secondary button-sm"
                    onClick={() => setRate({ service_order_id: o.service_order_id, vendor_name: o.vendor!.name })}
                    data-testid="rate-open"
                  >
                    Rate {o.vendor.name}
                  </button>
                )}
                {o.vendor && <FavouriteButton vendorId={o.vendor.vendor_id} name={o.vendor.name} />}
              </div>
              {o.vendor && <BookAgain serviceOrderId={o.service_order_id} />}
            </div>
          </li>
        ))}
      </ul>
      {more && (
        <div className="load-more">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => setPage((p) => p + 1)}
            disabled={list.loading}
          >
            {list.loading ? "Loading…" : "Show more"}
          </button>
        </div>
      )}
      <TipModal
        order={tip}
        signedIn={Boolean(viewer)}
        onClose={() => setTip(null)}
        onTipped={(id, total) => patch(id, { tip_cents: total })}
      />
      <RatingModal
        order={rate}
        onClose={() => setRate(null)}
        onRated={(id, rating, notes) => patch(id, { vendor_rating: rating, vendor_rating_notes: notes })}
      />
    </>
  );
}

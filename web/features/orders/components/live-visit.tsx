import type { ScheduledOrder } from "../../../../schema/contracts/orders";
import type { VisitStage } from "../../../../domain/visit-progress";
import { AppLink } from "../../../components/ui/app-link";
import { StarIcon } from "../../../components/ui/icons";

/**
 * The visit as it happens, on an order's card (docs/decisions/150): finding a pro, accepted (with the pro's
 * rating), on the way (distance and arrival estimate, never the pro's position), arrived, in progress. The
 * orders list refetches on every push of the customer's live socket, so this follows the visit without a reload.
 */
const STEPS: { stage: VisitStage; label: string }[] = [
  { stage: "finding_pro", label: "Finding a pro" },
  { stage: "accepted", label: "Accepted" },
  { stage: "on_the_way", label: "On the way" },
  { stage: "arrived", label: "Arrived" },
  { stage: "in_progress", label: "In progress" },
];

function clock(isoTime: string, timeZone: string): string {
  return new Date(isoTime).toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit", timeZone });
}

function headline(order: ScheduledOrder): string {
  const visit = order.visit;
  const pro = order.vendor?.name ?? "Your pro";
  switch (visit?.stage) {
    case "accepted":
      return `${pro} accepted your appointment`;
    case "on_the_way":
      return visit.eta_at
        ? `${pro} is on the way, arriving around ${clock(visit.eta_at, order.time_zone)}`
        : `${pro} is on the way`;
    case "arrived":
      return `${pro} has arrived`;
    case "in_progress":
      return "Your appointment is in progress";
    default:
      return "Finding your pro";
  }
}

export function LiveVisit({ order }: { order: ScheduledOrder }) {
  const visit = order.visit;
  if (!visit) return null;
  const at = Math.max(
    0,
    STEPS.findIndex((s) => s.stage === visit.stage),
  );
  return (
    <div className="live-visit" data-testid="live-visit" data-stage={visit.stage}>
      <p className="live-visit-headline" role="status" aria-live="polite">
        <strong>{headline(order)}</strong>
        {visit.stage === "on_the_way" && visit.distance_miles !== null && (
          <span className="muted"> · {visit.distance_miles.toFixed(1)} mi away</span>
        )}
        {visit.pro_rating !== null && visit.stage !== "finding_pro" && (
          <span className="rating" aria-label={`Rated ${visit.pro_rating.toFixed(1)} out of 5`}>
            {" "}
            <StarIcon size={14} /> {visit.pro_rating.toFixed(1)} ({visit.pro_rating_count})
          </span>
        )}
      </p>
      <ol className="live-visit-steps" aria-label="Appointment progress">
        {STEPS.map((s, i) => (
          <li key={s.stage} className={i < at ? "is-done" : i === at ? "is-current" : undefined}>
            {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A visit that just ended leaves the upcoming list: the pushed end says where it went (done: the completed
 * list, to tip and rate; cancelled: the refund follows by text and on the card's receipt).
 */
export function VisitEndedNote({ ended }: { ended: { service_order_id: number; stage: "done" | "cancelled" } | null }) {
  if (!ended) return null;
  return (
    <p className="order-note" role="status" data-testid="visit-ended" data-stage={ended.stage}>
      {ended.stage === "done" ? (
        <>
          Your appointment is complete.{" "}
          <AppLink href={`/account/orders?completed=1&rate=${ended.service_order_id}`}>
            See the receipt, tip and rate your pro
          </AppLink>
        </>
      ) : (
        "An appointment was cancelled. Any refund is on its way to your card."
      )}
    </p>
  );
}

import { AddToCalendar } from "../../../components/visit/add-to-calendar";
import type { PlacedOrder } from "../api/checkout";

/** "Add to calendar" for each booked visit on the confirmation (docs/decisions/152). */
export function ConfirmationCalendar({ jobs }: { jobs: PlacedOrder["jobs"] }) {
  if (jobs.length === 0) return null;
  return (
    <ul className="confirmation-calendar" aria-label="Add to your calendar">
      {jobs.map((j) => (
        <li key={j.service_order_id}>
          {jobs.length > 1 && <span className="muted">{j.description} </span>}
          <AddToCalendar serviceOrderId={j.service_order_id} />
        </li>
      ))}
    </ul>
  );
}

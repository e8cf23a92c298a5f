import type { CustomServiceCard } from "../../../../schema/payloads/catalogue";
import { telHref } from "../../../config/brand";
import { formatCents } from "../../../lib/format";

/** "3 hr 30 min", "45 min". */
function length(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} hr` : "", m ? `${m} min` : ""].filter(Boolean).join(" ");
}

/**
 * The custom services of the customer's area (serviceAndCategory's customSC; docs/decisions/134): offered
 * here by request, so each is booked by calling us rather than from a pro's calendar.
 */
export function CustomServices({ items, supportPhone }: { items: CustomServiceCard[]; supportPhone: string }) {
  if (items.length === 0) return null;
  return (
    <section className="service-section" aria-labelledby="custom-services-title" data-testid="custom-services">
      <div className="service-section-head">
        <h2 className="service-section-title" id="custom-services-title">
          Custom services near you
        </h2>
      </div>
      <p className="muted">
        Offered in your area by request. Call us at <a href={telHref(supportPhone)}>{supportPhone}</a> and we'll match
        you with a professional.
      </p>
      <ul className="service-grid">
        {items.map((c) => (
          <li key={c.custom_service_id} className="card" data-testid="custom-service">
            <h3 className="card-title">{c.name}</h3>
            {c.description && <p>{c.description}</p>}
            <p className="muted">
              {length(c.duration_minutes)} · {formatCents(c.price_cents)}
            </p>
            <a className="button button-secondary button-sm" href={telHref(supportPhone)}>
              Call to book
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

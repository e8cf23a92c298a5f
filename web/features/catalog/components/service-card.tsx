import type { Ref } from "react";
import { formatDuration } from "../../../../domain/slot-format";
import type { ServiceCard as ServiceCardData } from "../../../../schema/payloads/catalogue";
import { AppLink } from "../../../components/ui/app-link";
import { ClockIcon } from "../../../components/ui/icons";
import { formatPrice } from "../../../lib/format";

/** Price with its discount: "$150", or "$160 → $150, save $10" when the service is discounted. */
export function PriceTag({ cents, discountCents }: { cents: number; discountCents?: number }) {
  const discount = discountCents && discountCents > 0 ? discountCents : 0;
  return (
    <span className="price">
      {discount > 0 && (
        <s className="price-was">
          <span className="visually-hidden">Was </span>
          {formatPrice(cents + discount)}
        </s>
      )}
      <strong className="price-now">
        {discount > 0 && <span className="visually-hidden">Now </span>}
        {formatPrice(cents)}
      </strong>
      {discount > 0 && <span className="price-save">Save {formatPrice(discount)}</span>}
    </span>
  );
}

/**
 * A service in a list (`service-card-<slug>`): picture, name, duration and the ZIP's price. Without a ZIP
 * (`service` has no price) it says so instead of guessing.
 */
export function ServiceCard({
  service,
  highlighted,
  cardRef,
}: {
  service: Pick<ServiceCardData, "service_id" | "slug" | "description"> &
    Partial<
      Pick<
        ServiceCardData,
        "duration_minutes" | "price_cents" | "discount_cents" | "image" | "long_description" | "is_popular"
      >
    >;
  highlighted?: boolean;
  cardRef?: Ref<HTMLElement>;
}) {
  const href = `/services/${service.slug}`;
  const titleId = `service-${service.service_id}-title`;
  return (
    <article
      ref={cardRef}
      id={`service-${service.service_id}`}
      className={`service-card${highlighted ? " is-highlighted" : ""}${service.image ? "" : " is-compact"}`}
      data-testid={`service-card-${service.slug}`}
      aria-labelledby={titleId}
    >
      {service.image && (
        <div className="service-card-media" aria-hidden="true">
          <img src={service.image} alt="" loading="lazy" width={320} height={200} />
          {service.is_popular && <span className="tag service-card-tag">Popular</span>}
        </div>
      )}
      <div className="service-card-body">
        <h3 className="service-card-title" id={titleId}>
          <AppLink href={href} className="service-card-link">
            {service.description}
          </AppLink>
        </h3>
        {service.long_description && <p className="service-card-text">{service.long_description}</p>}
        <div className="service-card-meta">
          {service.duration_minutes ? (
            <span className="meta-item">
              <ClockIcon size={15} /> {formatDuration(service.duration_minutes)}
            </span>
          ) : null}
          {typeof service.price_cents === "number" ? (
            <PriceTag cents={service.price_cents} discountCents={service.discount_cents} />
          ) : (
            <span className="muted">Price by ZIP</span>
          )}
        </div>
      </div>
    </article>
  );
}

export function ServiceCardSkeleton() {
  return (
    <div className="service-card" aria-hidden="true">
      <div className="service-card-media skeleton" />
      <div className="service-card-body">
        <span className="skeleton" style={{ display: "block", height: 20, width: "70%" }} />
        <span className="skeleton" style={{ display: "block", height: 14, width: "95%", marginTop: 12 }} />
        <span className="skeleton" style={{ display: "block", height: 14, width: "60%", marginTop: 8 }} />
      </div>
    </div>
  );
}

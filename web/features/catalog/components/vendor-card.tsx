import type { VendorCard as VendorCardData } from "../../../../schema/payloads/catalogue";
import { AppLink } from "../../../components/ui/app-link";
import { PinIcon } from "../../../components/ui/icons";
import { Rating } from "../../../components/ui/rating";
import { formatPrice } from "../../../lib/format";

/** The default picture when a pro has no approved photo (docs/product.md section 3). */
export const DEFAULT_PHOTO = "/assets/user.svg";

export function vendorHref(vendorId: number, serviceId?: number | null): string {
  return `/vendor/${vendorId}${serviceId ? `?serviceId=${serviceId}` : ""}`;
}

/**
 * A pro in a list (`vendor-card`): photo, name, rating, distance, starting price and a few services, with
 * "Book with <name>" (`book-with-vendor`) going to their page's booking section for the service in view.
 */
export function VendorCard({ vendor, serviceId }: { vendor: VendorCardData; serviceId?: number | null }) {
  const titleId = `vendor-${vendor.vendor_id}-name`;
  const href = vendorHref(vendor.vendor_id, serviceId);
  const services = vendor.services.slice(0, 3);
  return (
    <article className="vendor-card" data-testid="vendor-card" aria-labelledby={titleId}>
      <img className="vendor-photo" src={vendor.photo || DEFAULT_PHOTO} alt="" width={64} height={64} loading="lazy" />
      <div className="vendor-card-body">
        <h3 className="vendor-card-name" id={titleId}>
          <AppLink href={href} className="vendor-card-link">
            {vendor.display_name}
          </AppLink>
          {vendor.is_pro && <span className="pro-badge">Pro</span>}
        </h3>
        <Rating value={vendor.rating} count={vendor.rating_count} />
        <p className="vendor-card-facts">
          <span className="meta-item">
            <PinIcon size={14} /> {vendor.distance_miles.toFixed(1)} mi away
          </span>
          {vendor.completed_jobs > 0 && (
            <span className="meta-item">
              {vendor.completed_jobs} {vendor.completed_jobs === 1 ? "visit" : "visits"}
            </span>
          )}
        </p>
        {services.length > 0 && (
          <p className="vendor-card-services">
            {services.map((s) => s.description).join(" · ")}
            {vendor.services.length > services.length ? ` · +${vendor.services.length - services.length} more` : ""}
          </p>
        )}
      </div>
      <div className="vendor-card-side">
        {vendor.starting_price_cents !== null && (
          <p className="vendor-card-price">
            <span className="muted">{serviceId ? "Price" : "From"}</span>
            <strong>{formatPrice(vendor.starting_price_cents)}</strong>
          </p>
        )}
        <AppLink
          href={`${href}#book`}
          className="button button-secondary button-sm vendor-book"
          data-testid="vendor-card-book"
          aria-label={`Book with ${vendor.display_name}`}
        >
          Book
        </AppLink>
      </div>
    </article>
  );
}

export function VendorCardSkeleton() {
  return (
    <div className="vendor-card" aria-hidden="true">
      <span className="skeleton vendor-photo" />
      <div className="vendor-card-body">
        <span className="skeleton" style={{ display: "block", height: 18, width: "45%" }} />
        <span className="skeleton" style={{ display: "block", height: 14, width: "30%", marginTop: 10 }} />
        <span className="skeleton" style={{ display: "block", height: 14, width: "70%", marginTop: 10 }} />
      </div>
    </div>
  );
}

import { useId } from "react";
import { formatDay, formatDuration, splitLocal } from "../../../../domain/slot-format";
import type { VendorPublicPage } from "../../../../schema/payloads/catalogue";
import { AppLink } from "../../../components/ui/app-link";
import { CheckIcon, ClockIcon, PinIcon } from "../../../components/ui/icons";
import { LocateButton } from "../../../components/ui/locate-button";
import { Rating } from "../../../components/ui/rating";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatPrice } from "../../../lib/format";
import { useQuery } from "../../../lib/query";
import { openZipBox } from "../../../stores/ui-store";
import { vendorProfileQuery } from "../api/get-vendor-profile";
import { areaLabel } from "../seo/area-label";
import { DEFAULT_PHOTO } from "./vendor-card";
import { VendorUnavailable } from "./vendor-unavailable";

/**
 * /vendor/$vid without a ZIP (a search engine, a shared link, a fresh browser): who the pro is, the area they
 * serve, their services at their home ZIP's prices (or "from" list prices) and their newest reviews, with an
 * invitation to set a ZIP to book (GET /booking/vendorProfile, server-rendered; docs/decisions/157).
 */
export function VendorPublicView({ vendorId }: { vendorId: number }) {
  const data = useQuery(vendorProfileQuery, { vendorId });
  if (data.error instanceof ApiError && (data.error.code === "NOT_FOUND" || data.error.code === "VENDOR_GONE")) {
    return <VendorUnavailable gone={data.error.code === "VENDOR_GONE"} />;
  }
  if (!data.data) {
    return data.error ? (
      <div className="service-page vendor-page">
        <h1 className="page-title">Professional profile</h1>
        <p className="service-lead">{errorMessage(data.error)}</p>
        <button type="button" className="button button-secondary" onClick={data.reload}>
          Try again
        </button>
      </div>
    ) : (
      <div className="service-page vendor-page" aria-busy="true">
        <span className="skeleton vendor-photo-lg" />
      </div>
    );
  }
  return <VendorPublicContent page={data.data} />;
}

function VendorPublicContent({ page }: { page: VendorPublicPage }) {
  const id = useId();
  const { vendor, area, services } = page;
  const firstName = vendor.display_name.split(/\s+/)[0] ?? "this pro";
  const where = areaLabel(area);
  return (
    <div className="service-page vendor-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <AppLink href="/vendors">Professionals</AppLink>
          </li>
          <li aria-current="page">{vendor.display_name}</li>
        </ol>
      </nav>
      <div className="service-layout">
        <header className="service-head vendor-head">
          <div className="vendor-profile">
            <img
              className="vendor-photo-lg"
              src={vendor.photo || DEFAULT_PHOTO}
              alt={vendor.display_name}
              width={112}
              height={112}
            />
            <div className="vendor-profile-text">
              <p className="eyebrow">Professional</p>
              <div className="vendor-name">
                <h1 className="page-title">{vendor.display_name}</h1>
                {vendor.is_pro && <span className="pro-badge">Pro</span>}
              </div>
              <div className="vendor-stats">
                <Rating value={vendor.rating} count={vendor.rating_count} />
                {vendor.completed_jobs > 0 && (
                  <span className="meta-item">
                    <CheckIcon size={15} /> {vendor.completed_jobs} {vendor.completed_jobs === 1 ? "visit" : "visits"}
                  </span>
                )}
                {where && (
                  <span className="meta-item" data-testid="vendor-area">
                    <PinIcon size={15} /> Serves {where} and up to {area.range_miles} miles around
                  </span>
                )}
              </div>
            </div>
          </div>
          {vendor.description && <p className="service-lead">{vendor.description}</p>}
        </header>

        <aside className="service-aside" id="book" aria-label={`Book with ${vendor.display_name}`}>
          <div className="booking-panel booking-gate">
            <h2 className="booking-title">Book with {firstName}</h2>
            <p className="muted">
              Set your ZIP code to see whether {firstName} travels to you, the prices where you are and free times.
            </p>
            <div className="booking-gate-actions">
              <button type="button" className="button button-primary" onClick={() => openZipBox()}>
                Set ZIP code
              </button>
              <LocateButton />
            </div>
          </div>
        </aside>

        <div className="service-body">
          <section className="service-block" aria-labelledby={`${id}-services`}>
            <h2 className="service-block-title" id={`${id}-services`}>
              Services
            </h2>
            <p className="muted" data-testid="price-basis">
              {page.price_basis === "home" && where
                ? `Prices in ${where}, ${firstName}'s home area. Your ZIP may change them.`
                : "Starting prices. Set your ZIP to see the price where you are."}
            </p>
            {services.length === 0 ? (
              <p className="muted">{firstName} has no services to offer right now.</p>
            ) : (
              <ul className="vendor-services">
                {services.map((s) => (
                  <li key={s.service_id} className="vendor-service">
                    <div className="vendor-service-text">
                      <AppLink href={`/services/${s.slug}`} className="vendor-service-name">
                        {s.description}
                      </AppLink>
                      <span className="meta-item">
                        <ClockIcon size={14} /> {formatDuration(s.duration_minutes)}
                        {s.is_popular ? " · Popular" : ""}
                      </span>
                    </div>
                    <strong className="vendor-service-price">
                      {page.price_basis === "from" ? "from " : ""}
                      {formatPrice(s.vendor_price_cents)}
                    </strong>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="service-block" aria-labelledby={`${id}-reviews`}>
            <h2 className="service-block-title" id={`${id}-reviews`}>
              Reviews{vendor.rating_count ? ` (${vendor.rating_count})` : ""}
            </h2>
            {page.reviews.length === 0 ? (
              <p className="muted">No reviews yet.</p>
            ) : (
              <ul className="review-list">
                {page.reviews.map((r) => {
                  const day = splitLocal(r.promised_arrival_time);
                  return (
                    <li key={r.service_order_id} className="review">
                      <div className="review-head">
                        <Rating value={r.vendor_rating} />
                        <span className="review-name">{r.name}</span>
                        <span className="muted review-meta">
                          {r.service_description}
                          {day ? ` · ${formatDay(day.date, { year: true })}` : ""}
                        </span>
                      </div>
                      {r.vendor_rating_notes && <p className="review-text">{r.vendor_rating_notes}</p>}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}

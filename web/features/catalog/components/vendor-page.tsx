import { useLocation } from "@tanstack/react-router";
import { useEffect, useId, useMemo, useState } from "react";
import { formatDuration } from "../../../../domain/slot-format";
import type { VendorServiceItem } from "../../../../schema/payloads/catalogue";
import { BRAND, telHref } from "../../../config/brand";
import { AppLink } from "../../../components/ui/app-link";
import { CheckIcon, ClockIcon, PinIcon } from "../../../components/ui/icons";
import { Rating } from "../../../components/ui/rating";
import { FavouriteButton } from "../../../components/visit/favourite-button";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { formatPrice } from "../../../lib/format";
import { useQuery } from "../../../lib/query";
import { useShell } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";
import { vendorServiceQuery } from "../api/get-vendor-service";
import { useServiceZip } from "../hooks/use-service-zip";
import { BookingPanel } from "./booking-panel";
import { DEFAULT_PHOTO } from "./vendor-card";
import { VendorPublicView } from "./vendor-public";
import { VendorReviews } from "./vendor-reviews";
import { VendorUnavailable } from "./vendor-unavailable";

function scrollToBooking() {
  const el = document.getElementById("book");
  if (!el) return;
  el.scrollIntoView({ block: "start", behavior: "smooth" });
  const target =
    el.querySelector<HTMLElement>("select") ?? el.querySelector<HTMLElement>(".day-button[aria-pressed='true']");
  target?.focus({ preventScroll: true });
}

/**
 * /vendor/$vid: one pro. Profile (photo, bio, rating, reviews, distance from the ZIP), their services at
 * their prices (GET /booking/vendorService), booking with them (processType 1 free times for the chosen
 * service, then service-add-cart with vendorId), and their reviews (POST /booking/vendor/reviews).
 * `?serviceId=` preselects a service.
 */
export function VendorPage({ vid }: { vid: string }) {
  const vendorId = /^\d{1,10}$/.test(vid) ? Number(vid) : null;
  const { supportPhone } = useShell();
  const { zip, ready } = useServiceZip();
  const wanted = useLocation({ select: (l) => Number((l.search as Record<string, unknown>).serviceId) || null });
  const id = useId();

  const data = useQuery(vendorServiceQuery, zip && vendorId ? { zipCode: zip, vendorId } : null);
  const vendor = data.data?.vendor ?? null;
  const services = useMemo(() => data.data?.services ?? [], [data.data]);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const chosen: VendorServiceItem | undefined =
    services.find((s) => s.service_id === (chosenId ?? wanted)) ?? services.find((s) => !s.surcharge) ?? services[0];

  useEffect(() => {
    if (vendor) document.title = `${vendor.display_name} | ${BRAND.name}`;
  }, [vendor]);

  // Arriving from "Book" on a card (#book): bring the booking panel into view once it exists.
  useEffect(() => {
    if (!vendor || window.location.hash !== "#book") return;
    const t = window.setTimeout(scrollToBooking, 100);
    return () => window.clearTimeout(t);
  }, [vendor]);

  if (vendorId === null || (data.error instanceof ApiError && data.error.code === "NOT_FOUND")) {
    return <VendorUnavailable />;
  }
  // No ZIP (a search engine, a shared link, a fresh browser): the public profile, rendered on the server.
  if (!zip) return <VendorPublicView vendorId={vendorId} />;

  const loading = !ready || (data.loading && !data.data);
  const firstName = vendor?.display_name.split(/\s+/)[0] ?? "this pro";

  return (
    <div className="service-page vendor-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <AppLink href="/vendors">Professionals</AppLink>
          </li>
          <li aria-current="page">{vendor?.display_name ?? "Profile"}</li>
        </ol>
      </nav>

      <div className="service-layout">
        <header className="service-head vendor-head">
          {loading ? (
            <div className="vendor-profile" aria-hidden="true">
              <span className="skeleton vendor-photo-lg" />
              <div style={{ flex: 1 }}>
                <span className="skeleton" style={{ display: "block", height: 36, width: "60%" }} />
                <span className="skeleton" style={{ display: "block", height: 16, width: "40%", marginTop: 14 }} />
              </div>
            </div>
          ) : vendor ? (
            <>
              <div className="vendor-profile">
                <img
                  className="vendor-photo-lg"
                  src={vendor.photo || DEFAULT_PHOTO}
                  alt={`${vendor.display_name}`}
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
                        <CheckIcon size={15} /> {vendor.completed_jobs}{" "}
                        {vendor.completed_jobs === 1 ? "visit" : "visits"}
                      </span>
                    )}
                    {vendor.distance_miles !== null && (
                      <span className="meta-item">
                        <PinIcon size={15} /> {vendor.distance_miles.toFixed(1)} mi from {zip}
                      </span>
                    )}
                  </div>
                  <FavouriteButton vendorId={vendor.vendor_id} name={vendor.display_name} />
                </div>
              </div>
              {!vendor.serves_zip && (
                <p className="service-note" role="status">
                  {firstName} doesn't travel to {zip}. You can read about them here; to book, choose a pro near you or
                  change your ZIP.
                </p>
              )}
              {vendor.description && <p className="service-lead">{vendor.description}</p>}
              {vendor.serves_zip && services.length > 0 && (
                <button
                  type="button"
                  className="button button-primary vendor-book-cta"
                  data-testid="book-with-vendor"
                  onClick={scrollToBooking}
                >
                  Book with {firstName}
                </button>
              )}
            </>
          ) : (
            <>
              <h1 className="page-title">Professional profile</h1>
              <p className="service-lead">{errorMessage(data.error)}</p>
              <button type="button" className="button button-secondary" onClick={data.reload}>
                Try again
              </button>
            </>
          )}
        </header>

        <aside className="service-aside" id="book" aria-label={vendor ? `Book with ${vendor.display_name}` : "Book"}>
          {loading ? (
            <div className="booking-panel" aria-hidden="true">
              <span className="skeleton" style={{ display: "block", height: 24, width: "60%" }} />
              <span className="skeleton" style={{ display: "block", height: 180, marginTop: 18 }} />
            </div>
          ) : vendor && !vendor.serves_zip ? (
            <div className="booking-panel booking-gate">
              <h2 className="booking-title">Not in {zip}</h2>
              <p className="muted">{firstName} doesn't travel to this ZIP code.</p>
              <div className="booking-gate-actions">
                <AppLink href="/vendors" className="button button-primary">
                  Pros near {zip}
                </AppLink>
                <button type="button" className="button button-secondary" onClick={() => openZipBox()}>
                  Change ZIP
                </button>
              </div>
            </div>
          ) : vendor && chosen ? (
            <BookingPanel
              zip={zip}
              vendor={vendor}
              service={{ ...chosen, price_cents: chosen.vendor_price_cents }}
              heading={`Book with ${firstName}`}
              chooser={
                <>
                  <label htmlFor={`${id}-service`} className="field-label">
                    Service
                  </label>
                  <select
                    id={`${id}-service`}
                    className="input select"
                    value={chosen.service_id}
                    onChange={(e) => setChosenId(Number(e.target.value))}
                  >
                    {services.map((s) => (
                      <option key={s.service_id} value={s.service_id}>
                        {s.description} · {formatPrice(s.vendor_price_cents)}
                      </option>
                    ))}
                  </select>
                </>
              }
            />
          ) : vendor ? (
            <div className="booking-panel booking-gate">
              <h2 className="booking-title">Nothing to book near {zip}</h2>
              <p className="muted">
                {firstName} has no services to offer here right now. Call us at{" "}
                <a href={telHref(supportPhone)}>{supportPhone}</a>.
              </p>
            </div>
          ) : null}
        </aside>

        <div className="service-body">
          {services.length > 0 && (
            <section className="service-block" aria-labelledby={`${id}-services`}>
              <h2 className="service-block-title" id={`${id}-services`}>
                Services
              </h2>
              <ul className="vendor-services">
                {services.map((s) => {
                  const isChosen = chosen?.service_id === s.service_id;
                  return (
                    <li key={s.service_id} className={`vendor-service${isChosen ? " is-chosen" : ""}`}>
                      <div className="vendor-service-text">
                        <AppLink href={`/services/${s.slug}`} className="vendor-service-name">
                          {s.description}
                        </AppLink>
                        <span className="meta-item">
                          <ClockIcon size={14} /> {formatDuration(s.duration_minutes)}
                          {s.is_popular ? " · Popular" : ""}
                        </span>
                      </div>
                      <strong className="vendor-service-price">{formatPrice(s.vendor_price_cents)}</strong>
                      {vendor?.serves_zip && (
                        <button
                          type="button"
                          className={`button button-sm ${isChosen ? "button-primary" : "button-secondary"}`}
                          aria-pressed={isChosen}
                          aria-label={`Choose ${s.description}`}
                          onClick={() => {
                            setChosenId(s.service_id);
                            scrollToBooking();
                          }}
                        >
                          {isChosen && <CheckIcon size={14} />} Choose
                        </button>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
          <VendorReviews
            vendorId={vendorId}
            zip={zip}
            services={services.map((s) => ({ service_id: s.service_id, description: s.description }))}
            total={vendor?.rating_count}
          />
        </div>
      </div>
    </div>
  );
}

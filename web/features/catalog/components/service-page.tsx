import { useRouter } from "@tanstack/react-router";
import { useEffect, useMemo, type ReactNode } from "react";
import { formatDuration, formatLocalDateTime, todayIn } from "../../../../domain/slot-format";
import type { TestimonialCard } from "../../../../schema/payloads/catalogue";
import { BRAND, telHref } from "../../../config/brand";
import { AreaBar, EmptyState } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import {
  CalendarIcon,
  CheckIcon,
  ChevronRightIcon,
  ClockIcon,
  ShieldIcon,
  SparkleIcon,
} from "../../../components/ui/icons";
import { LocateButton } from "../../../components/ui/locate-button";
import { Rating } from "../../../components/ui/rating";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { categoryHref } from "../../../lib/paths";
import { useQuery } from "../../../lib/query";
import { useShell } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";
import { serviceDetailQuery } from "../api/get-service-detail";
import { testimonialsQuery } from "../api/get-testimonials";
import { servicePros } from "../api/get-vendors-list";
import { useCatalogue } from "../hooks/use-catalogue";
import { useServiceZip } from "../hooks/use-service-zip";
import { BookingPanel } from "./booking-panel";
import { PriceTag } from "./service-card";
import { VendorCard, VendorCardSkeleton } from "./vendor-card";

const PROS_SHOWN = 4;

function scrollToBooking() {
  const el = document.getElementById("book");
  if (!el) return;
  el.scrollIntoView({ block: "start", behavior: "smooth" });
  const target =
    el.querySelector<HTMLElement>(".day-button[aria-pressed='true']") ??
    el.querySelector<HTMLElement>(".time-slot, button");
  target?.focus({ preventScroll: true });
}

/**
 * /services/$slug: one service for the ZIP. Its area price, duration and discount (getServicesData
 * processType 3), up to two testimonials (GET /testimonials, this category's first), a booking panel for
 * "any pro" (processType 2, then service-add-cart), and the pros near the ZIP who offer it
 * (POST /booking/vendors-list with serviceId). Without a ZIP it shows what it can and asks for one.
 */
export function ServicePage({ slug, search, actions }: { slug: string; search?: ReactNode; actions?: ReactNode }) {
  const router = useRouter();
  const { categories, supportPhone } = useShell();
  const { zip, ready } = useServiceZip();

  // The service id comes from the shell's menu; a service only the ZIP's catalogue lists is found there.
  const navCategory = categories.find((c) => c.services.some((s) => s.slug === slug));
  const navService = navCategory?.services.find((s) => s.slug === slug);
  const catalogue = useCatalogue(!navService && zip ? zip : null);
  const fromCatalogue = catalogue.data?.services.find((s) => s.slug === slug);
  const serviceId = navService?.service_id ?? fromCatalogue?.service_id ?? null;

  const detail = useQuery(serviceDetailQuery, zip && serviceId ? { zipCode: zip, serviceId } : null);
  const card = detail.data?.[0]?.[0] ?? fromCatalogue ?? null;
  const summary = detail.data?.[1]?.[0] ?? null;
  const scgid = card?.service_code_group_id ?? navCategory?.service_code_group_id ?? null;
  const categoryName = card?.category_name ?? navCategory?.name ?? "Services";
  const name = card?.description ?? navService?.description ?? null;

  const testimonials = useQuery(testimonialsQuery, serviceId ? { serviceId, scgid } : null);
  const pros = useQuery(servicePros, zip && serviceId ? { zipCode: zip, serviceId } : null);

  // docs/product.md section 8: a server error (500) on the customer's service lookup goes to /404.
  useEffect(() => {
    if (detail.error instanceof ApiError && detail.error.status === 500)
      void router.navigate({ href: "/404", replace: true });
  }, [detail.error, router]);

  useEffect(() => {
    if (name) document.title = `${name} | ${BRAND.name}`;
  }, [name]);

  // Arriving at /services/<slug>#book: bring the booking panel into view once it exists.
  useEffect(() => {
    if (!card || window.location.hash !== "#book") return;
    const t = window.setTimeout(scrollToBooking, 100);
    return () => window.clearTimeout(t);
  }, [card]);

  const today = useMemo(() => (summary?.time_zone ? todayIn(summary.time_zone, Date.now()) : null), [summary]);

  const bar = (
    <AreaBar title="Services" nav={search}>
      {actions}
    </AreaBar>
  );

  const unknown = ready && !navService && (!zip || (catalogue.data && !fromCatalogue) || catalogue.error);
  if (unknown) {
    return (
      <>
        {bar}
        <div className="gate">
          <EmptyState
            headingLevel={1}
            title="We couldn't find that service"
            steps={[
              { label: "Browse all services", href: "/services", primary: true },
              ...(zip ? [] : [{ label: "Set your ZIP", onClick: () => openZipBox() }]),
            ]}
          >
            <p>
              It may have been renamed or isn't offered {zip ? `near ${zip}` : "any more"}. Browse the menu to find
              something similar, or call us at <a href={telHref(supportPhone)}>{supportPhone}</a>.
            </p>
          </EmptyState>
        </div>
      </>
    );
  }

  const loadingHead = !ready || (!name && (catalogue.loading || detail.loading));
  const notHere = zip && detail.error instanceof ApiError && detail.error.code === "ITEM_NOT_AVAILABLE";
  const noPros = zip && summary && summary.vendor_count === 0;
  const list = pros.data?.items ?? [];

  return (
    <>
      {bar}
      <div className="service-page">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <AppLink href="/services">Services</AppLink>
            </li>
            {scgid && (
              <li>
                <AppLink href={categoryHref(scgid)}>{categoryName}</AppLink>
              </li>
            )}
            <li aria-current="page">{name ?? "Service"}</li>
          </ol>
        </nav>

        <div className="service-layout">
          <header className="service-head">
            {loadingHead ? (
              <div aria-hidden="true">
                <span className="skeleton" style={{ display: "block", height: 14, width: 90 }} />
                <span className="skeleton" style={{ display: "block", height: 40, width: "70%", marginTop: 14 }} />
                <span className="skeleton" style={{ display: "block", height: 16, width: "90%", marginTop: 18 }} />
              </div>
            ) : (
              <>
                <p className="eyebrow">{categoryName}</p>
                <h1 className="page-title">{name}</h1>
                <ul className="service-facts">
                  {card?.duration_minutes ? (
                    <li>
                      <ClockIcon size={16} /> {formatDuration(card.duration_minutes)}
                    </li>
                  ) : null}
                  {card && zip ? (
                    <li>
                      <PriceTag cents={card.price_cents} discountCents={card.discount_cents} />
                      <span className="muted"> in {zip}</span>
                    </li>
                  ) : (
                    <li className="muted">Price depends on your ZIP</li>
                  )}
                  {summary?.first_available && (
                    <li>
                      <CalendarIcon size={16} /> Next opening {formatLocalDateTime(summary.first_available, { today })}
                    </li>
                  )}
                </ul>
                {card?.long_description && <p className="service-lead">{card.long_description}</p>}
                {summary?.verify && summary.vendor_count > 0 && (
                  <p className="service-note">
                    Only {summary.vendor_count} {summary.vendor_count === 1 ? "pro offers" : "pros offer"} this near{" "}
                    {zip}, so popular times go quickly.
                  </p>
                )}
                {zip && card && !noPros && !notHere && (
                  <button
                    type="button"
                    className="button button-primary service-book"
                    data-testid="book-service"
                    onClick={scrollToBooking}
                  >
                    Book
                  </button>
                )}
              </>
            )}
          </header>

          <aside className="service-aside" id="book" aria-label="Book this service">
            {!ready ? (
              <div className="booking-panel" aria-hidden="true">
                <span className="skeleton" style={{ display: "block", height: 24, width: "60%" }} />
                <span className="skeleton" style={{ display: "block", height: 180, marginTop: 18 }} />
              </div>
            ) : !zip ? (
              <div className="booking-panel booking-gate">
                <h2 className="booking-title">See times near you</h2>
                <p className="muted">Prices and free times depend on where you'd like your service.</p>
                <div className="booking-gate-actions">
                  <button type="button" className="button button-primary" onClick={() => openZipBox()}>
                    Set ZIP code
                  </button>
                  <LocateButton />
                </div>
              </div>
            ) : notHere || noPros ? (
              <div className="booking-panel booking-gate">
                <h2 className="booking-title">No pros near {zip} yet</h2>
                <p className="muted">
                  Nobody offers {name ?? "this service"} in this area yet. Try a nearby ZIP code, or call us and we'll
                  look for you.
                </p>
                <div className="booking-gate-actions">
                  <button type="button" className="button button-primary" onClick={() => openZipBox()}>
                    Change ZIP
                  </button>
                  <a className="button button-secondary" href={telHref(supportPhone)}>
                    Call {supportPhone}
                  </a>
                </div>
              </div>
            ) : detail.error ? (
              <div className="booking-panel booking-gate" role="alert">
                <h2 className="booking-title">Times didn't load</h2>
                <p className="muted">{errorMessage(detail.error)}</p>
                <button type="button" className="button button-secondary" onClick={detail.reload}>
                  Try again
                </button>
              </div>
            ) : card ? (
              <BookingPanel
                zip={zip}
                service={card}
                heading="Pick a time"
                intro={
                  <p className="muted">
                    With the first available pro near {zip}. Prefer someone? Choose from the pros below.
                  </p>
                }
              />
            ) : (
              <div className="booking-panel" aria-hidden="true">
                <span className="skeleton" style={{ display: "block", height: 24, width: "60%" }} />
                <span className="skeleton" style={{ display: "block", height: 180, marginTop: 18 }} />
              </div>
            )}
          </aside>

          <div className="service-body">
            {card?.image && <img className="service-image" src={card.image} alt="" width={640} height={400} />}

            <section className="service-block" aria-labelledby="expect-title">
              <h2 className="service-block-title" id="expect-title">
                What to expect
              </h2>
              <ul className="expect-list">
                <li>
                  <SparkleIcon size={18} /> Your pro brings everything: table or chair, linens, tools and products.
                </li>
                <li>
                  <ShieldIcon size={18} /> Identity-checked, background-checked and rated after every visit.
                </li>
                <li>
                  <CheckIcon size={18} /> Free changes up to 24 hours before. You pay when you book.
                </li>
              </ul>
              <AppLink href="/serviceinfo" className="link-button with-icon">
                How to prepare for your visit <ChevronRightIcon size={16} />
              </AppLink>
            </section>

            {(testimonials.data?.length ?? 0) > 0 && (
              <section className="service-block" aria-labelledby="reviews-title">
                <h2 className="service-block-title" id="reviews-title">
                  What clients say
                </h2>
                <div className="testimonials">
                  {testimonials.data!.slice(0, 2).map((t) => (
                    <Testimonial key={t.testimonial_id} t={t} />
                  ))}
                </div>
              </section>
            )}

            {zip && serviceId && (
              <section className="service-block" aria-labelledby="pros-title">
                <div className="service-block-head">
                  <h2 className="service-block-title" id="pros-title">
                    Pros near {zip}
                  </h2>
                  {list.length > 0 && (
                    <AppLink href={`/vendors?serviceId=${serviceId}`} className="link-button">
                      See all {pros.data?.more ? "" : list.length} pros
                    </AppLink>
                  )}
                </div>
                {pros.loading && !pros.data ? (
                  <div className="vendor-list">
                    <VendorCardSkeleton />
                    <VendorCardSkeleton />
                  </div>
                ) : pros.error ? (
                  <p className="muted">
                    {errorMessage(pros.error)}{" "}
                    <button type="button" className="link-button" onClick={pros.reload}>
                      Try again
                    </button>
                  </p>
                ) : list.length === 0 ? (
                  <p className="muted">No pros offer this service near {zip} yet.</p>
                ) : (
                  <ul className="vendor-list">
                    {list.slice(0, PROS_SHOWN).map((v) => (
                      <li key={v.vendor_id}>
                        <VendorCard vendor={v} serviceId={serviceId} />
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

function Testimonial({ t }: { t: TestimonialCard }) {
  const pictures = t.job_images.filter((i) => i.type === 1 || i.type === 2).slice(0, 2);
  return (
    <figure className="quote testimonial">
      {t.rating ? <Rating value={t.rating} /> : null}
      {t.comment && (
        <blockquote>
          <p>“{t.comment}”</p>
        </blockquote>
      )}
      {pictures.length > 0 && (
        <div className="testimonial-pics">
          {pictures.map((p, n) => (
            <img
              key={`${p.file}-${n}`}
              src={p.file}
              alt={p.type === 2 ? "Before" : "After"}
              width={120}
              height={90}
              loading="lazy"
            />
          ))}
        </div>
      )}
      <figcaption>
        {t.name}
        {t.service_description ? ` · ${t.service_description}` : ""}
      </figcaption>
    </figure>
  );
}

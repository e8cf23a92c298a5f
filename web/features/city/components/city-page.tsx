import type { CityPage as CityPageData } from "../../../../schema/payloads/city-pages";
import { AppLink } from "../../../components/ui/app-link";
import { Rating } from "../../../components/ui/rating";
import { formatPrice } from "../../../lib/format";
import { categoryHref } from "../../../lib/paths";
import { openZipBox } from "../../../stores/ui-store";
import { cityPageDescription, cityPageTitle } from "../seo/city-head";

/**
 * A city page (docs/decisions/159-city-pages.md), rendered on the server whole: the group's services with
 * their "from" prices here, and the pros based in the city with their rating and prices at their home area.
 * Booking needs the customer's ZIP (prices and who reaches them depend on it), so the page invites one.
 */
export function CityPage({ page }: { page: CityPageData }) {
  const title = cityPageTitle(page);
  const here = `${page.city.name}, ${page.city.state}`;
  return (
    <div className="page page-normal city-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <AppLink href="/">Home</AppLink>
          </li>
          <li>
            <AppLink href={categoryHref(page.group.service_code_group_id)}>{page.group.name}</AppLink>
          </li>
          <li aria-current="page">{here}</li>
        </ol>
      </nav>
      <header className="page-head">
        <h1 className="page-title">{title}</h1>
        <div className="page-intro">
          <p>{cityPageDescription(page)}</p>
          {page.group.description && <p>{page.group.description}</p>}
          <p>
            Prices below are each pro&apos;s prices in their home area.{" "}
            <button type="button" className="link-button" onClick={() => openZipBox()} data-testid="city-set-zip">
              Set your ZIP code
            </button>{" "}
            to see who comes to you and book.
          </p>
        </div>
      </header>

      <section aria-labelledby="city-services">
        <h2 className="section-title" id="city-services">
          {page.group.name} services in {here}
        </h2>
        <ul className="city-services" data-testid="city-services">
          {page.services.map((s) => (
            <li key={s.service_id}>
              <AppLink href={`/services/${s.slug}`}>{s.name}</AppLink>{" "}
              <span className="muted">
                {s.duration_minutes} min · from {formatPrice(s.from_price_cents)} ·{" "}
                {s.pro_count === 1 ? "1 pro" : `${s.pro_count} pros`}
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="city-pros">
        <h2 className="section-title" id="city-pros">
          {page.group.name} pros based in {here}
        </h2>
        <div className="vendor-list" data-testid="city-pros">
          {page.pros.map((p) => {
            const titleId = `city-pro-${p.vendor_id}`;
            const shown = p.services.slice(0, 3);
            return (
              <article key={p.vendor_id} className="vendor-card" data-testid="city-pro" aria-labelledby={titleId}>
                <img className="vendor-photo" src={p.photo} alt="" width={64} height={64} loading="lazy" />
                <div className="vendor-card-body">
                  <h3 className="vendor-card-name" id={titleId}>
                    <AppLink href={`/vendor/${p.vendor_id}`} className="vendor-card-link">
                      {p.display_name}
                    </AppLink>
                    {p.is_pro && <span className="pro-badge">Pro</span>}
                  </h3>
                  <Rating value={p.rating} count={p.rating_count} />
                  <p className="vendor-card-services">
                    {shown.map((s) => `${s.name} ${formatPrice(s.price_cents)}`).join(" · ")}
                    {p.services.length > shown.length ? ` · +${p.services.length - shown.length} more` : ""}
                  </p>
                </div>
                <div className="vendor-card-side">
                  <p className="vendor-card-price">
                    <span className="muted">From</span>
                    <strong>{formatPrice(p.from_price_cents)}</strong>
                  </p>
                </div>
              </article>
            );
          })}
        </div>
        {page.pro_count > page.pros.length && (
          <p className="muted">
            And {page.pro_count - page.pros.length} more: set your ZIP code to see everyone who comes to you.
          </p>
        )}
      </section>
    </div>
  );
}

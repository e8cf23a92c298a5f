import { useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { normalizeSearchTerm } from "../../../../domain/search-rules";
import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { SearchIcon } from "../../../components/ui/icons";
import { categoryHref } from "../../../lib/paths";
import { settingsStore } from "../../../stores/settings-store";
import { useShell } from "../../../stores/shell-context";
import type { NavService } from "../../../../schema/payloads/shell";

/**
 * /services with scgid, scrollId, zipcode and searchTerm (SPEC section 2). The default header is hidden
 * here; this page has its own bar. The service list comes from the shell catalogue; prices and times for a
 * ZIP arrive with the booking issue.
 */
export function ServicesPage({ locationControl }: { locationControl?: ReactNode }) {
  const search = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const { categories, supportPhone } = useShell();
  const zip = settingsStore.use((s) => s.zipcode);
  const scgid = Number(search.scgid);
  const term = typeof search.searchTerm === "string" ? normalizeSearchTerm(search.searchTerm) : "";
  const category = categories.find((c) => c.service_code_group_id === scgid);

  let groups = categories.filter((c) => c.services.length > 0);
  if (category) groups = [category];
  if (term) {
    const needle = term.toLowerCase();
    groups = groups
      .map((c) => ({
        ...c,
        services: c.name.toLowerCase().includes(needle)
          ? c.services
          : c.services.filter((s) => s.description.toLowerCase().includes(needle)),
      }))
      .filter((c) => c.services.length > 0);
  }

  const title = term ? `Results for “${term}”` : (category?.name ?? "All services");

  return (
    <>
      <AreaBar title="Services">{locationControl}</AreaBar>
      <Page
        width="wide"
        eyebrow={zip ? `Near ${zip}` : "Everywhere we serve"}
        title={title}
        intro="Services and prices depend on your location. Choose a service to see what's included."
        actions={
          <AppLink href="/" className="button button-secondary button-sm">
            Back to home
          </AppLink>
        }
      >
        {categories.length > 1 && !term && (
          <nav className="help-topics" aria-label="Categories">
            <AppLink href="/services" className="chip" aria-current={!category ? "page" : undefined}>
              All
            </AppLink>
            {categories.map((c) => (
              <AppLink
                key={c.service_code_group_id}
                href={categoryHref(c.service_code_group_id)}
                className="chip"
                aria-current={c.service_code_group_id === scgid ? "page" : undefined}
              >
                {c.name}
              </AppLink>
            ))}
          </nav>
        )}
        {groups.length === 0 ? (
          <EmptyState
            icon={<SearchIcon size={28} />}
            title={term ? "No services match your search" : "No services to show yet"}
            steps={[
              { label: "See all services", href: "/services", primary: true },
              { label: "Get help", href: "/help" },
            ]}
          >
            <p>
              {term
                ? "Try a shorter word such as “massage” or “nails”, or pick a category."
                : "Our menu for this area is being prepared."}{" "}
              You can also call us at <a href={telHref(supportPhone)}>{supportPhone}</a> and we'll find the right
              professional.
            </p>
          </EmptyState>
        ) : (
          groups.map((g) => (
            <section
              key={g.service_code_group_id}
              className="faq-group"
              aria-labelledby={`cat-${g.service_code_group_id}`}
            >
              <h2 className="faq-group-title" id={`cat-${g.service_code_group_id}`}>
                {g.name}
              </h2>
              <ul className="next-steps" style={{ marginTop: 0 }}>
                {g.services.map((s) => (
                  <ServiceItem key={s.service_id} service={s} highlighted={Number(search.scrollId) === s.service_id} />
                ))}
              </ul>
            </section>
          ))
        )}
      </Page>
    </>
  );
}

function ServiceItem({ service, highlighted }: { service: NavService; highlighted: boolean }) {
  return (
    <li
      id={`service-${service.service_id}`}
      style={highlighted ? { borderColor: "var(--accent)", boxShadow: "0 0 0 3px var(--accent-soft)" } : undefined}
      ref={(el) => {
        if (el && highlighted) setTimeout(() => el.scrollIntoView({ block: "center" }), 100);
      }}
    >
      <h3>
        <AppLink href={`/services/${service.slug}`}>{service.description}</AppLink>
      </h3>
      <p>At home, by a vetted professional.</p>
    </li>
  );
}

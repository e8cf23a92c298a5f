import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import { canSubmitSearch, normalizeSearchTerm } from "../../../../domain/search-rules";
import type { CategoryCard } from "../../../../schema/payloads/catalogue";
import { telHref } from "../../../config/brand";
import { AreaBar, EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { PinIcon, SearchIcon } from "../../../components/ui/icons";
import { ApiError, errorMessage } from "../../../lib/api-client";
import { categoryHref } from "../../../lib/paths";
import { useQuery } from "../../../lib/query";
import { useShell } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";
import { searchQuery } from "../api/search-services";
import { useCatalogue } from "../hooks/use-catalogue";
import { useServiceZip } from "../hooks/use-service-zip";
import { CatalogNav, type JumpTarget } from "./catalog-nav";
import { CustomServices } from "./custom-services";
import { ServiceCard, ServiceCardSkeleton } from "./service-card";
import { ZipPrompt } from "./zip-prompt";

/** docs/product.md section 9 "Scroll position restore": the page waits this long for layout before scrolling to scrollId. */
const SCROLL_RESTORE_MS = 100;

type CardData = Parameters<typeof ServiceCard>[0]["service"];

interface Group {
  id: number;
  name: string;
  description?: string | null;
  services: CardData[];
}

function searchParam(value: unknown): string {
  if (typeof value === "string") return normalizeSearchTerm(value);
  if (typeof value === "number") return String(value);
  return "";
}

function reducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
}

/**
 * /services (docs/product.md section 2) with scgid (a category), scrollId (a service in it), zipcode and searchTerm.
 * The default header is hidden here, so the page has its own bar (search, location, cart: passed in by the
 * route) and a sticky category menu with chips that jump to a service. Prices are the ZIP's area prices
 * (POST /booking/serviceAndCategory); a search uses GET /booking/search. Without a ZIP the menu still shows,
 * without prices, under a prompt to set one.
 */
export function ServicesPage({ search, actions }: { search?: ReactNode; actions?: ReactNode }) {
  const params = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const router = useRouter();
  const shell = useShell();
  const { zip, ready } = useServiceZip();
  const scgid = Number(params.scgid) > 0 ? Number(params.scgid) : null;
  const scrollId = Number(params.scrollId) > 0 ? Number(params.scrollId) : null;
  const term = searchParam(params.searchTerm);
  const searching = term !== "";

  const catalogue = useCatalogue(searching ? null : zip);
  const results = useQuery(
    searchQuery,
    searching && zip && canSubmitSearch(term) ? { zipCode: zip, searchTerm: term } : null,
  );
  const active = searching ? results : catalogue;

  // docs/product.md section 8: a server error (500) on the customer's service list goes to /404.
  useEffect(() => {
    if (active.error instanceof ApiError && active.error.status === 500)
      void router.navigate({ href: "/404", replace: true });
  }, [active.error, router]);

  const categories: Array<Pick<CategoryCard, "service_code_group_id" | "name"> & Partial<CategoryCard>> =
    catalogue.data?.category ??
    shell.categories.map((c) => ({ service_code_group_id: c.service_code_group_id, name: c.name }));
  const category = scgid ? categories.find((c) => c.service_code_group_id === scgid) : undefined;

  const groups = useMemo<Group[]>(() => {
    if (searching) {
      if (zip) return [{ id: 0, name: "Results", services: results.data?.services ?? [] }];
      // Without a ZIP the search cannot be priced: match names in the menu the header already has.
      const needle = term.toLowerCase();
      const matches = shell.categories.flatMap((c) =>
        c.services.filter((s) => s.description.toLowerCase().includes(needle) || c.name.toLowerCase().includes(needle)),
      );
      const unique = matches.filter((s, i) => matches.findIndex((m) => m.service_id === s.service_id) === i);
      return [{ id: 0, name: "Results", services: unique }];
    }
    if (zip) {
      const all = catalogue.data?.services ?? [];
      const cats = catalogue.data?.category ?? [];
      const byCat = (id: number) => all.filter((s) => s.service_code_group_id === id);
      if (scgid) {
        const c = cats.find((x) => x.service_code_group_id === scgid);
        return [{ id: scgid, name: c?.name ?? "Services", description: c?.description, services: byCat(scgid) }];
      }
      return cats
        .map((c) => ({
          id: c.service_code_group_id,
          name: c.name,
          description: c.description,
          services: byCat(c.service_code_group_id),
        }))
        .filter((g) => g.services.length > 0);
    }
    const nav = scgid ? shell.categories.filter((c) => c.service_code_group_id === scgid) : shell.categories;
    return nav
      .map((c) => ({ id: c.service_code_group_id, name: c.name, services: c.services }))
      .filter((g) => g.services.length > 0);
  }, [searching, zip, results.data, catalogue.data, scgid, shell.categories, term]);

  // Jump targets for the sticky chips: a category's services, or the sections of "All".
  const targets = useMemo<JumpTarget[]>(() => {
    if (searching) return [];
    if (scgid)
      return (groups[0]?.services ?? []).map((s) => ({
        id: `service-${s.service_id}`,
        label: s.description,
        value: s.service_id,
      }));
    return groups.map((g) => ({ id: `category-${g.id}`, label: g.name, value: 0 }));
  }, [groups, scgid, searching]);

  // The area's custom services: the category's when one is chosen (docs/decisions/134).
  const customs =
    searching || !zip || catalogue.data?.zipCode !== zip
      ? []
      : (catalogue.data?.customSC ?? []).filter((c) => !scgid || c.service_code_group_id === scgid);
  const hasContent = groups.some((g) => g.services.length > 0);
  // An answer for the previous ZIP is not shown under the new one's heading.
  const stale = active.data !== undefined && active.data.zipCode !== zip;
  const loading = !ready || (zip !== null && active.loading && (!active.data || stale));

  // scrollId: once the list is on screen, bring the service into view (after layout settles).
  const scrolledRef = useRef<number | null>(null);
  useEffect(() => {
    if (!scrollId || loading || scrolledRef.current === scrollId) return;
    const t = window.setTimeout(() => {
      const el = document.getElementById(`service-${scrollId}`);
      if (!el) return;
      scrolledRef.current = scrollId;
      el.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    }, SCROLL_RESTORE_MS);
    return () => window.clearTimeout(t);
  }, [scrollId, loading, groups]);

  const jump = (t: JumpTarget) => {
    const el = document.getElementById(t.id);
    if (!el) return;
    el.scrollIntoView({ block: "start", behavior: reducedMotion() ? "auto" : "smooth" });
    el.querySelector<HTMLElement>("a, h2")?.focus({ preventScroll: true });
    if (t.value > 0) {
      scrolledRef.current = t.value;
      const url = new URL(window.location.href);
      url.searchParams.set("scrollId", String(t.value));
      void router.navigate({ href: url.pathname + url.search, replace: true, resetScroll: false });
    }
  };

  const title = searching ? `Results for “${term}”` : (category?.name ?? "All services");
  const eyebrow = !ready ? "Services" : zip ? `Prices for ${zip}` : "Everywhere we serve";
  const intro = searching
    ? undefined
    : (category?.description ??
      "Performed in your home by vetted, insured professionals who bring everything needed. Prices depend on your ZIP code.");

  const menuItems = [
    { key: "all", label: "All services", href: "/services" },
    ...categories.map((c) => ({
      key: String(c.service_code_group_id),
      label: c.name,
      href: categoryHref(c.service_code_group_id),
    })),
  ];

  return (
    <>
      <AreaBar title="Services" nav={search}>
        {actions}
      </AreaBar>
      {!searching && (
        <CatalogNav
          menuLabel={category?.name ?? "All services"}
          menuKey={scgid ? String(scgid) : "all"}
          menuItems={menuItems}
          targets={targets}
          onJump={jump}
        />
      )}
      <Page
        width="wide"
        eyebrow={eyebrow}
        title={title}
        intro={intro}
        actions={
          !searching ? (
            <AppLink
              href={scgid ? `/vendors?scgid=${scgid}` : "/vendors"}
              className="button button-secondary button-sm"
            >
              Find a pro
            </AppLink>
          ) : undefined
        }
      >
        {ready && !zip && <ZipPrompt />}

        {searching && !canSubmitSearch(term) ? (
          <p className="field-hint" role="status">
            Type at least 3 characters to search.
          </p>
        ) : searching && zip && results.data ? (
          <SearchSummary count={results.data.services.length} categories={results.data.categories} />
        ) : null}

        {searching && !canSubmitSearch(term) ? null : loading ? (
          <ul className="service-grid" aria-label="Loading services">
            {Array.from({ length: 8 }, (_, i) => (
              <li key={i}>
                <ServiceCardSkeleton />
              </li>
            ))}
          </ul>
        ) : active.error && !(active.error instanceof ApiError && active.error.status === 500) ? (
          <LoadError error={active.error} onRetry={active.reload} />
        ) : !hasContent ? (
          <NothingHere
            zip={zip}
            term={searching ? term : ""}
            categoryName={category?.name}
            supportPhone={shell.supportPhone}
          />
        ) : (
          groups.map((g) =>
            g.services.length === 0 ? null : (
              <section
                key={g.id}
                id={searching || scgid ? undefined : `category-${g.id}`}
                className="service-section"
                aria-labelledby={searching || scgid ? undefined : `category-${g.id}-title`}
                aria-label={searching ? "Search results" : scgid ? `${g.name} services` : undefined}
              >
                {!searching && !scgid && (
                  <div className="service-section-head">
                    <h2 className="service-section-title" id={`category-${g.id}-title`} tabIndex={-1}>
                      {g.name}
                    </h2>
                    <AppLink href={categoryHref(g.id)} className="link-button">
                      See all {g.services.length} <span className="visually-hidden">{g.name} services</span>
                    </AppLink>
                  </div>
                )}
                <ul className="service-grid">
                  {(searching || scgid ? g.services : g.services.slice(0, 4)).map((s) => (
                    <li key={s.service_id}>
                      <ServiceCard service={s} highlighted={scrollId === s.service_id} />
                    </li>
                  ))}
                </ul>
              </section>
            ),
          )
        )}
        {!loading && <CustomServices items={customs} supportPhone={shell.supportPhone} />}
      </Page>
    </>
  );
}

function SearchSummary({ count, categories }: { count: number; categories: CategoryCard[] }) {
  return (
    <div className="search-summary">
      <p role="status">
        {count === 0 ? "No services found" : count === 1 ? "1 service found" : `${count} services found`}
      </p>
      {categories.length > 0 ? (
        <p className="search-categories">
          <span className="muted">Categories:</span>
          {categories.map((c) => (
            <AppLink key={c.service_code_group_id} href={categoryHref(c.service_code_group_id)} className="chip">
              {c.name}
            </AppLink>
          ))}
        </p>
      ) : (
        <AppLink href="/services" className="link-button">
          Browse all services
        </AppLink>
      )}
    </div>
  );
}

function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const badZip = error instanceof ApiError && error.code === "INVALID_ADDRESS";
  return (
    <EmptyState
      icon={<PinIcon size={28} />}
      title={badZip ? "We don't recognise that ZIP code" : "The menu didn't load"}
      steps={
        badZip
          ? [{ label: "Change location", onClick: () => openZipBox(), primary: true }]
          : [
              { label: "Try again", onClick: onRetry, primary: true },
              { label: "Change location", onClick: () => openZipBox() },
            ]
      }
    >
      <p>{errorMessage(error)}</p>
    </EmptyState>
  );
}

function NothingHere({
  zip,
  term,
  categoryName,
  supportPhone,
}: {
  zip: string | null;
  term: string;
  categoryName?: string;
  supportPhone: string;
}) {
  if (term) {
    return (
      <EmptyState
        icon={<SearchIcon size={28} />}
        title="No services match your search"
        steps={[
          { label: "See all services", href: "/services", primary: true },
          { label: "Find a pro", href: "/vendors" },
        ]}
      >
        <p>
          Try a shorter word such as “massage” or “nails”, or pick a category. You can also call us at{" "}
          <a href={telHref(supportPhone)}>{supportPhone}</a> and we'll find the right professional.
        </p>
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon={<PinIcon size={28} />}
      title={
        zip
          ? categoryName
            ? `No ${categoryName} pros near ${zip} yet`
            : `No pros in ${zip} yet`
          : "No services to show yet"
      }
      steps={[
        { label: "Try another ZIP", onClick: () => openZipBox(), primary: true },
        ...(categoryName ? [{ label: "See all services", href: "/services" }] : []),
        { label: `Call ${supportPhone}`, href: telHref(supportPhone) },
      ]}
    >
      <p>
        {zip
          ? "None of our professionals travel to this area yet. We're growing fast: try a nearby ZIP code, or call us and we'll see who can come to you."
          : "Our menu is being prepared. Please try again in a moment."}
      </p>
    </EmptyState>
  );
}

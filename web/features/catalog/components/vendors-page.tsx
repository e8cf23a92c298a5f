import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { isVendor } from "../../../../domain/roles";
import type { VendorCard as VendorCardData } from "../../../../schema/payloads/catalogue";
import { telHref } from "../../../config/brand";
import { EmptyState, Page } from "../../../components/layout/page";
import { UserIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { useRequest } from "../../../lib/use-request";
import { useShell, useViewer } from "../../../stores/shell-context";
import { openZipBox } from "../../../stores/ui-store";
import { getVendorsList } from "../api/get-vendors-list";
import { SORTS, vendorsQuery } from "../api/vendors-query";
import { useServiceZip } from "../hooks/use-service-zip";
import { VendorCard, VendorCardSkeleton } from "./vendor-card";
import { ZipPrompt } from "./zip-prompt";

/**
 * /vendors: the pros whose range reaches the ZIP (POST /booking/vendors-list), filtered by category and
 * service and sorted, 10 a page with "Load more". Filters live in the query (scgid, serviceId, sort) so a
 * link from a service page opens the right list. A signed-in vendor arriving with redirect_uri goes to
 * /business with it (docs/product.md section 2).
 */
export function VendorsPage() {
  const viewer = useViewer();
  const router = useRouter();
  const { categories, supportPhone } = useShell();
  const params = useLocation({ select: (l) => l.search as Record<string, unknown> });
  const redirectUri = params.redirect_uri;
  const { zip, ready } = useServiceZip();
  const id = useId();

  useEffect(() => {
    if (viewer && isVendor(viewer) && typeof redirectUri === "string" && redirectUri) {
      void router.navigate({ href: `/business?redirect_uri=${encodeURIComponent(redirectUri)}`, replace: true });
    }
  }, [viewer, redirectUri, router]);

  const { serviceId, scgid, sort, filterKey } = vendorsQuery(params, categories, zip);
  const category = categories.find((c) => c.service_code_group_id === scgid);
  const service = category?.services.find((s) => s.service_id === serviceId);

  const setFilter = (patch: Record<string, string | number | null>) => {
    const url = new URL(window.location.href);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === "") url.searchParams.delete(k);
      else url.searchParams.set(k, String(v));
    }
    void router.navigate({ href: url.pathname + url.search, replace: true, resetScroll: false });
  };

  const [page, setPage] = useState(1);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const list = useRequest(filterKey ? `${filterKey}:${page}` : null, async (signal) => ({
    forKey: filterKey,
    ...(await getVendorsList({ zipCode: zip!, scgid, serviceId, sort, pagination: page }, { signal })),
  }));
  // The server's first page (a route loader's seed) is on screen from the first render.
  const [items, setItems] = useState<VendorCardData[]>(() =>
    list.data && list.data.forKey === filterKey && list.data.page === 1 ? list.data.items : [],
  );
  const shownKey = useRef(filterKey);
  useEffect(() => {
    if (shownKey.current === filterKey) return;
    shownKey.current = filterKey;
    setPage(1);
    setItems([]);
  }, [filterKey]);
  useEffect(() => {
    const data = list.data;
    if (!data || data.forKey !== filterKey || data.page !== page) return;
    setItems((prev) => {
      const seen = new Set(prev.map((v) => v.vendor_id));
      return data.page === 1 ? data.items : [...prev, ...data.items.filter((v) => !seen.has(v.vendor_id))];
    });
  }, [list.data, filterKey, page]);

  const firstLoad = !ready || (zip !== null && list.loading && items.length === 0);
  const title = service ? `${service.description} pros` : category ? `${category.name} pros` : "Professionals near you";

  return (
    <Page
      width="normal"
      eyebrow={zip ? `Near ${zip}` : "Find a pro"}
      title={title}
      intro="Every professional is identity-checked, background-checked and rated by clients after each visit."
    >
      {ready && !zip ? (
        <ZipPrompt title="Set your ZIP to see pros near you" text="We only show professionals who travel to you." />
      ) : (
        <>
          <button
            type="button"
            className="button button-secondary filters-toggle"
            aria-expanded={filtersOpen}
            aria-controls={`${id}-filters`}
            onClick={() => setFiltersOpen((o) => !o)}
          >
            <span>Filter and sort</span>
            <span className="filters-summary">
              {[
                service?.description ?? category?.name ?? "All categories",
                SORTS.find((x) => x.value === sort)!.label,
              ].join(" · ")}
            </span>
          </button>
          <form
            id={`${id}-filters`}
            className={`filters${filtersOpen ? " is-open" : ""}`}
            aria-label="Filter professionals"
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="filter">
              <label htmlFor={`${id}-cat`} className="field-label">
                Category
              </label>
              <select
                id={`${id}-cat`}
                className="input select"
                value={scgid ?? ""}
                onChange={(e) => setFilter({ scgid: e.target.value || null, serviceId: null })}
              >
                <option value="">All categories</option>
                {categories
                  .filter((c) => c.services.length > 0)
                  .map((c) => (
                    <option key={c.service_code_group_id} value={c.service_code_group_id}>
                      {c.name}
                    </option>
                  ))}
              </select>
            </div>
            <div className="filter">
              <label htmlFor={`${id}-svc`} className="field-label">
                Service
              </label>
              <select
                id={`${id}-svc`}
                className="input select"
                value={serviceId ?? ""}
                disabled={!category}
                onChange={(e) => setFilter({ serviceId: e.target.value || null })}
              >
                <option value="">
                  {category ? `Any ${category.name.toLowerCase()} service` : "Choose a category first"}
                </option>
                {category?.services.map((s) => (
                  <option key={s.service_id} value={s.service_id}>
                    {s.description}
                  </option>
                ))}
              </select>
            </div>
            <div className="filter">
              <label htmlFor={`${id}-sort`} className="field-label">
                Sort by
              </label>
              <select
                id={`${id}-sort`}
                className="input select"
                value={sort}
                onChange={(e) => setFilter({ sort: e.target.value === "distance" ? null : e.target.value })}
              >
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          </form>

          {firstLoad ? (
            <div className="vendor-list" aria-label="Loading professionals">
              <VendorCardSkeleton />
              <VendorCardSkeleton />
              <VendorCardSkeleton />
            </div>
          ) : list.error && items.length === 0 ? (
            <EmptyState
              icon={<UserIcon size={28} />}
              title="The list didn't load"
              steps={[
                { label: "Try again", onClick: list.reload, primary: true },
                { label: "Change location", onClick: () => openZipBox() },
              ]}
            >
              <p>{errorMessage(list.error)}</p>
            </EmptyState>
          ) : items.length === 0 ? (
            <EmptyState
              icon={<UserIcon size={28} />}
              title={`No pros near ${zip} yet`}
              steps={[
                { label: "Try another ZIP", onClick: () => openZipBox(), primary: true },
                ...(scgid
                  ? [{ label: "All categories", onClick: () => setFilter({ scgid: null, serviceId: null }) }]
                  : []),
                { label: `Call ${supportPhone}`, href: telHref(supportPhone) },
              ]}
            >
              <p>
                {service || category
                  ? "Nobody offers this near you yet. Try another service or category, or a nearby ZIP code."
                  : "None of our professionals travel to this area yet. Try a nearby ZIP code, or call us and we'll see who can come to you."}
              </p>
            </EmptyState>
          ) : (
            <>
              <p className="list-count" role="status">
                {items.length} {items.length === 1 ? "professional" : "professionals"}
                {list.data?.more ? " so far" : ""}
              </p>
              <ul className="vendor-list">
                {items.map((v) => (
                  <li key={v.vendor_id}>
                    <VendorCard vendor={v} serviceId={serviceId} />
                  </li>
                ))}
              </ul>
              {list.error && <p className="form-error">{errorMessage(list.error)}</p>}
              {list.data?.more && (
                <div className="load-more">
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={list.loading}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {list.loading ? "Loading…" : "Load more"}
                  </button>
                </div>
              )}
            </>
          )}
        </>
      )}
    </Page>
  );
}

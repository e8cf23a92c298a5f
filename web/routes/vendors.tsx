import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { loadVendorsFirstPage, vendorsQuery } from "../features/catalog/api/vendors-query";
import { VendorsPage } from "../features/catalog/components/vendors-page";
import { shellFromServerContext } from "../lib/shell-data";
import { PageDataProvider, pageApiFrom, seedPage, serverZip } from "../lib/page-data";

export const Route = createFileRoute("/vendors")({
  // Server render: the first page of pros for the visitor's ZIP and the URL's filters (web/lib/page-data.tsx).
  loader: (args) => {
    const api = pageApiFrom(args);
    const zip = api ? serverZip(api, args.location.search) : null;
    const categories = shellFromServerContext((args as { serverContext?: unknown }).serverContext)?.categories ?? [];
    const q = vendorsQuery(args.location.search as Record<string, unknown>, categories, zip);
    return seedPage(api, zip, [
      zip !== null &&
        q.filterKey !== null && { key: `${q.filterKey}:1`, load: (via) => loadVendorsFirstPage(q, zip, via) },
    ]);
  },
  head: () => ({ meta: [{ title: `Find a pro | ${BRAND.name}` }] }),
  component: function VendorsRoute() {
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <VendorsPage />
      </PageDataProvider>
    );
  },
});

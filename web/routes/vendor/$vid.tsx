import { createFileRoute, notFound } from "@tanstack/react-router";
import { vendorProfileQuery } from "../../features/catalog/api/get-vendor-profile";
import { vendorServiceQuery } from "../../features/catalog/api/get-vendor-service";
import { VendorPage } from "../../features/catalog/components/vendor-page";
import { VendorUnavailable } from "../../features/catalog/components/vendor-unavailable";
import { vendorHead } from "../../features/catalog/seo/vendor-head";
import { ApiError } from "../../lib/api-client";
import { PageDataProvider, pageApiFrom, seedPage, serverZip, type PageApi } from "../../lib/page-data";

/**
 * A pro who cannot be booked answers with a real status on the server render: 410 for a terminated pro,
 * 404 for a paused one or an unknown id (docs/decisions/157-pro-pages-without-a-zip.md).
 */
async function publicProfileOrNotFound(api: PageApi, vendorId: number) {
  try {
    return await vendorProfileQuery.fetch({ vendorId }, { via: api.fetch });
  } catch (e) {
    if (e instanceof ApiError && e.code === "VENDOR_GONE") {
      api.setStatus(410);
      throw notFound({ data: { gone: true } });
    }
    if (e instanceof ApiError && e.code === "NOT_FOUND") throw notFound();
    return null; // the browser fetches it again and shows its own error state
  }
}

export const Route = createFileRoute("/vendor/$vid")({
  // Server render: with a ZIP the pro's profile and services at the ZIP (web/lib/page-data.tsx); without one
  // their public profile at their home area's prices.
  loader: async (args) => {
    const api = pageApiFrom(args);
    const vendorId = /^\d{1,10}$/.test(args.params.vid) ? Number(args.params.vid) : null;
    if (vendorId === null) throw notFound();
    if (!api) return null;
    const zip = serverZip(api, args.location.search);
    if (zip === null) {
      const page = await publicProfileOrNotFound(api, vendorId);
      return { zip, seeds: page ? { [vendorProfileQuery.key({ vendorId })]: page } : {} };
    }
    const data = await seedPage(api, zip, [vendorServiceQuery.seed({ zipCode: zip, vendorId })]);
    // Not bookable at this ZIP's page either: the public profile says whether they are paused or gone.
    if (data && Object.keys(data.seeds).length === 0) await publicProfileOrNotFound(api, vendorId);
    return data;
  },
  head: ({ params, loaderData }) => vendorHead(params.vid, loaderData?.seeds),
  notFoundComponent: ({ data }) => {
    const d = data as { gone?: boolean; data?: { gone?: boolean } } | undefined;
    const gone = Boolean(d?.gone ?? d?.data?.gone);
    return <VendorUnavailable gone={gone} />;
  },
  component: function VendorRoute() {
    const { vid } = Route.useParams();
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <VendorPage vid={vid} />
      </PageDataProvider>
    );
  },
});

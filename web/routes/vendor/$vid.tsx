import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { vendorServiceQuery } from "../../features/catalog/api/get-vendor-service";
import { VendorPage } from "../../features/catalog/components/vendor-page";
import { PageDataProvider, pageApiFrom, seedPage, serverZip } from "../../lib/page-data";

export const Route = createFileRoute("/vendor/$vid")({
  // Server render: the pro's profile and services at the visitor's ZIP (web/lib/page-data.tsx).
  loader: (args) => {
    const api = pageApiFrom(args);
    const zip = api ? serverZip(api, args.location.search) : null;
    const vendorId = /^\d{1,10}$/.test(args.params.vid) ? Number(args.params.vid) : null;
    return seedPage(api, zip, [
      zip !== null && vendorId !== null && vendorServiceQuery.seed({ zipCode: zip, vendorId }),
    ]);
  },
  head: ({ loaderData }) => {
    const vendor = Object.values(loaderData?.seeds ?? {})[0] as { vendor?: { display_name?: string } } | undefined;
    const name = vendor?.vendor?.display_name;
    return { meta: [{ title: `${name ?? "Professional"} | ${BRAND.name}` }] };
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

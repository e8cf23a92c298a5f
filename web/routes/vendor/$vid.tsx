import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { VendorPage } from "../../features/catalog/components/vendor-page";

export const Route = createFileRoute("/vendor/$vid")({
  head: () => ({ meta: [{ title: `Professional | ${BRAND.name}` }] }),
  component: function VendorRoute() {
    const { vid } = Route.useParams();
    return <VendorPage vid={vid} />;
  },
});

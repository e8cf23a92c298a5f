import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ServicePage } from "../../features/catalog/components/service-page";
import { LocationButton } from "../../features/header/components/location-box";

export const Route = createFileRoute("/services/$slug")({
  head: () => ({ meta: [{ title: `Service | ${BRAND.name}` }] }),
  component: function ServiceRoute() {
    const { slug } = Route.useParams();
    return <ServicePage slug={slug} locationControl={<LocationButton />} />;
  },
});

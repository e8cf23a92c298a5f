import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ServicesPage } from "../../features/catalog/components/services-page";
import { LocationButton } from "../../features/header/components/location-box";

export const Route = createFileRoute("/services/")({
  head: () => ({ meta: [{ title: `Services | ${BRAND.name}` }] }),
  component: () => <ServicesPage locationControl={<LocationButton />} />,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessServices } from "../../features/pro/components/business-services";

export const Route = createFileRoute("/business/services")({
  head: () => ({ meta: [{ title: `Services | ${BRAND.name}` }] }),
  component: BusinessServices,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessServiceArea } from "../../features/pro/components/business-service-area";

export const Route = createFileRoute("/business/service-area")({
  head: () => ({ meta: [{ title: `Service area | ${BRAND.name}` }] }),
  component: BusinessServiceArea,
});

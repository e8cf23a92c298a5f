import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessDashboard } from "../../features/business/components/business-pages";

export const Route = createFileRoute("/business/")({
  head: () => ({ meta: [{ title: `Dashboard | ${BRAND.name}` }] }),
  component: BusinessDashboard,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { DashboardPage } from "../../features/business/components/dashboard-page";

export const Route = createFileRoute("/business/")({
  head: () => ({ meta: [{ title: `Dashboard | ${BRAND.name}` }] }),
  component: DashboardPage,
});

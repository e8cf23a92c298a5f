import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { AdminOverview } from "../../features/admin/components/admin-pages";

export const Route = createFileRoute("/admin/")({
  head: () => ({ meta: [{ title: `Admin | ${BRAND.name}` }] }),
  component: AdminOverview,
});

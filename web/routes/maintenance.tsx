import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { MaintenancePage } from "../features/content/components/maintenance-page";

export const Route = createFileRoute("/maintenance")({
  head: () => ({ meta: [{ title: `We'll be right back | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: MaintenancePage,
});

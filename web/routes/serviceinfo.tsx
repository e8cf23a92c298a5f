import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { ServiceInfoPage } from "../features/content/components/service-info-page";

export const Route = createFileRoute("/serviceinfo")({
  head: () => ({ meta: [{ title: `What to expect from your visit | ${BRAND.name}` }] }),
  component: ServiceInfoPage,
});

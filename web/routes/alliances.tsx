import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { AlliancesPage } from "../features/content/components/partner-pages";

export const Route = createFileRoute("/alliances")({
  head: () => ({ meta: [{ title: `Alliances | ${BRAND.name}` }] }),
  component: AlliancesPage,
});

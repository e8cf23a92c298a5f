import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { AmbassadorsPage } from "../features/content/components/partner-pages";

export const Route = createFileRoute("/ambassadors")({
  head: () => ({ meta: [{ title: `Ambassadors | ${BRAND.name}` }] }),
  component: AmbassadorsPage,
});

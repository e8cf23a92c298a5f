import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { FoundationRecipientsPage } from "../features/content/components/foundation-pages";

export const Route = createFileRoute("/foundation-recipients")({
  head: () => ({ meta: [{ title: `Foundation recipients | ${BRAND.name}` }] }),
  component: FoundationRecipientsPage,
});

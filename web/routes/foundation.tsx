import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { FoundationPage } from "../features/content/components/foundation-pages";

export const Route = createFileRoute("/foundation")({
  head: () => ({ meta: [{ title: `${BRAND.foundationName}` }] }),
  component: FoundationPage,
});

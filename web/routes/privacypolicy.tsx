import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { PrivacyPage } from "../features/content/components/privacy-page";

export const Route = createFileRoute("/privacypolicy")({
  head: () => ({ meta: [{ title: `Privacy policy | ${BRAND.name}` }] }),
  component: PrivacyPage,
});

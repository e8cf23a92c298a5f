import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { AffiliatesPage } from "../features/content/components/partner-pages";

export const Route = createFileRoute("/affiliates")({
  head: () => ({ meta: [{ title: `Affiliate program | ${BRAND.name}` }] }),
  component: AffiliatesPage,
});

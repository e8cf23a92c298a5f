import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { VendorsPage } from "../features/catalog/components/vendors-page";

export const Route = createFileRoute("/vendors")({
  head: () => ({ meta: [{ title: `Find a pro | ${BRAND.name}` }] }),
  component: VendorsPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { TermsPage } from "../features/content/components/terms-page";

export const Route = createFileRoute("/termsandconditions")({
  head: () => ({ meta: [{ title: `Terms and conditions | ${BRAND.name}` }] }),
  component: TermsPage,
});

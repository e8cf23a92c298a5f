import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { TermsPage } from "../features/content/components/terms-page";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/termsandconditions")({
  head: () =>
    pageHead({
      title: "Terms and conditions",
      description: `The terms that apply when you use ${BRAND.name} to browse, book or pay for at-home beauty, spa and massage services.`,
      path: "/termsandconditions",
    }),
  component: TermsPage,
});

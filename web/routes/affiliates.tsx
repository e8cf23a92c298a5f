import { createFileRoute } from "@tanstack/react-router";
import { AffiliatesPage } from "../features/content/components/partner-pages";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/affiliates")({
  head: () =>
    pageHead({
      title: "Affiliate program",
      description:
        "For creators, editors and sites that write about beauty, wellness and home life: recommend at-home services your audience will actually use.",
      path: "/affiliates",
    }),
  component: AffiliatesPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { AlliancesPage } from "../features/content/components/partner-pages";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/alliances")({
  head: () =>
    pageHead({
      title: "Alliances",
      description:
        "We work with businesses whose guests, residents and employees value beauty and wellness services delivered where they are.",
      path: "/alliances",
    }),
  component: AlliancesPage,
});

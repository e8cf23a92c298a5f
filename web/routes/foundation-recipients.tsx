import { createFileRoute } from "@tanstack/react-router";
import { FoundationRecipientsPage } from "../features/content/components/foundation-pages";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/foundation-recipients")({
  head: () =>
    pageHead({
      title: "Foundation recipients",
      description:
        "The Foundation works through partner organisations who know the people they serve. These are the programs we support today.",
      path: "/foundation-recipients",
    }),
  component: FoundationRecipientsPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { BecomeAPro } from "../features/pro/components/become-a-pro";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/become-a-pro")({
  head: () =>
    pageHead({
      title: "Become a pro",
      description:
        "Beauty, spa and massage professionals: set your own hours, choose the jobs you take, and get paid for every visit. We review every application by hand.",
      path: "/become-a-pro",
    }),
  component: BecomeAPro,
});

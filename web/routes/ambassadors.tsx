import { createFileRoute } from "@tanstack/react-router";
import { AmbassadorsPage } from "../features/content/components/partner-pages";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/ambassadors")({
  head: () =>
    pageHead({
      title: "Ambassadors",
      description:
        "Ambassadors are clients and professionals who love what we do and tell friends, colleagues and neighbours about it. How the program works.",
      path: "/ambassadors",
    }),
  component: AmbassadorsPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { ServiceInfoPage } from "../features/content/components/service-info-page";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/serviceinfo")({
  head: () =>
    pageHead({
      title: "What to expect from your visit",
      description:
        "Everything happens in your space, at your pace: how to get ready, what your pro brings, and what happens before, during and after the appointment.",
      path: "/serviceinfo",
    }),
  component: ServiceInfoPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { PrivacyPage } from "../features/content/components/privacy-page";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/privacypolicy")({
  head: () =>
    pageHead({
      title: "Privacy policy",
      description: `What personal information ${BRAND.name} collects, why, and the choices you have, on our website and in the texts and emails we send.`,
      path: "/privacypolicy",
    }),
  component: PrivacyPage,
});

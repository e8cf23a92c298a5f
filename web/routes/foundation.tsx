import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { FoundationPage } from "../features/content/components/foundation-pages";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/foundation")({
  head: () =>
    pageHead({
      title: BRAND.foundationName,
      description:
        "Illness, loss and hardship can take away the small rituals that make us feel like ourselves. The Foundation brings them back, at home and at no cost.",
      path: "/foundation",
    }),
  component: FoundationPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { SubscriptionPage } from "../features/links/components/link-pages";

export const Route = createFileRoute("/subscription")({
  head: () => ({ meta: [{ title: `Subscription | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: SubscriptionPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { ClientSubscriptionPage } from "../features/business-money/client-subscription-page";

export const Route = createFileRoute("/subscription")({
  head: () => ({ meta: [{ title: `Subscription | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: ClientSubscriptionPage,
});

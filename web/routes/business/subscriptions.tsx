import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ClientSubscriptionsScreen } from "../../features/business-money/subscriptions-page";

export const Route = createFileRoute("/business/subscriptions")({
  head: () => ({ meta: [{ title: `Client subscriptions | ${BRAND.name}` }] }),
  component: ClientSubscriptionsScreen,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { OrdersPage } from "../../features/orders/components/orders-page";

export const Route = createFileRoute("/account/orders")({
  head: () => ({ meta: [{ title: `My Orders | ${BRAND.name}` }] }),
  component: OrdersPage,
});

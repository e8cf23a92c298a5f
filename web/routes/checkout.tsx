import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { CheckoutPage } from "../features/checkout/components/checkout-page";

export const Route = createFileRoute("/checkout")({
  head: () => ({ meta: [{ title: `Checkout | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: CheckoutPage,
});

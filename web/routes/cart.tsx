import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { CartPage } from "../features/cart/components/cart-page";

export const Route = createFileRoute("/cart")({
  head: () => ({ meta: [{ title: `Cart | ${BRAND.name}` }] }),
  component: CartPage,
});

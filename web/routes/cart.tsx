import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { cartQuery } from "../lib/cart-query";
import { CartPage } from "../features/cart/components/cart-page";
import { PageDataProvider, pageApiFrom, seedPage } from "../lib/page-data";

export const Route = createFileRoute("/cart")({
  // Server render: the visitor's cart (their cookies, re-validated like the browser's own read), so the page
  // arrives with its items or its empty state instead of a skeleton (docs/decisions/105-cart-on-first-paint.md).
  loader: (args) => {
    const api = pageApiFrom(args);
    return seedPage(api, api?.zip ?? null, [api !== null && cartQuery.seed()]);
  },
  head: () => ({ meta: [{ title: `Cart | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: function CartRoute() {
    return (
      <PageDataProvider value={Route.useLoaderData()}>
        <CartPage />
      </PageDataProvider>
    );
  },
});

import { createFileRoute } from "@tanstack/react-router";
import { EmptyState } from "../../components/layout/page";
import { BRAND } from "../../config/brand";

/** Any other /account/* path: the layout already asks signed-out visitors to log in. */
export const Route = createFileRoute("/account/$")({
  head: () => ({ meta: [{ title: `My Account | ${BRAND.name}` }] }),
  component: () => (
    <EmptyState
      title="This account page doesn't exist"
      steps={[
        { label: "My Orders", href: "/account/orders", primary: true },
        { label: "My Account", href: "/account/settings" },
      ]}
    >
      <p>The link may be out of date. Everything in your account is reachable from the menu.</p>
    </EmptyState>
  ),
});

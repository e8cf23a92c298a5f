import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { AccountLayout } from "../../features/account/components/account-layout";

/** Every /account page needs a signed-in user; signed-out visitors get the login modal (docs/product.md section 6). */
export const Route = createFileRoute("/account")({
  // A customer's own pages: kept out of search results (robots.txt disallows them too).
  head: () => ({ meta: [{ name: "robots", content: "noindex" }] }),
  component: () => (
    <RequireRole need="signed-in">
      <AccountLayout>
        <Outlet />
      </AccountLayout>
    </RequireRole>
  ),
});

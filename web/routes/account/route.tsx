import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { AccountLayout } from "../../features/account/components/account-layout";

/** Every /account page needs a signed-in user; signed-out visitors get the login modal (docs/product.md section 6). */
export const Route = createFileRoute("/account")({
  component: () => (
    <RequireRole need="signed-in">
      <AccountLayout>
        <Outlet />
      </AccountLayout>
    </RequireRole>
  ),
});

import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { BusinessFrame } from "../../features/business/components/business-pages";
import { AccountControls } from "../../features/header/components/account-controls";

export const Route = createFileRoute("/business")({
  component: () => (
    <BusinessFrame account={<AccountControls />}>
      <RequireRole need="vendor">
        <Outlet />
      </RequireRole>
    </BusinessFrame>
  ),
});

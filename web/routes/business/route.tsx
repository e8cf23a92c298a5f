import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { BusinessFrame } from "../../features/business/components/business-pages";
import { AccountControls } from "../../features/header/components/account-controls";
import { ProNav } from "../../features/pro/components/pro-nav";

export const Route = createFileRoute("/business")({
  component: () => (
    <BusinessFrame account={<AccountControls />}>
      <RequireRole need="vendor">
        <ProNav />
        <Outlet />
      </RequireRole>
    </BusinessFrame>
  ),
});

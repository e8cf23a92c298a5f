import { createFileRoute, Outlet } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { BusinessFrame } from "../../features/business/components/business-pages";

export const Route = createFileRoute("/business")({
  component: () => (
    <BusinessFrame>
      <RequireRole need="vendor">
        <Outlet />
      </RequireRole>
    </BusinessFrame>
  ),
});

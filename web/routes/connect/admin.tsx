import { createFileRoute } from "@tanstack/react-router";
import { RequireRole } from "../../components/layout/require-role";
import { BRAND } from "../../config/brand";
import { ConnectAdminPage } from "../../features/connect/components/connect-pages";

export const Route = createFileRoute("/connect/admin")({
  head: () => ({ meta: [{ title: `Connect admin | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: () => (
    <RequireRole need="connect-admin">
      <ConnectAdminPage />
    </RequireRole>
  ),
});

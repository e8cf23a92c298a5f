import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { AdminSection } from "../../features/admin/components/admin-pages";

export const Route = createFileRoute("/admin/$page")({
  head: () => ({ meta: [{ title: `Admin | ${BRAND.name}` }] }),
  component: function AdminPageRoute() {
    const { page } = Route.useParams();
    return <AdminSection page={page} />;
  },
});

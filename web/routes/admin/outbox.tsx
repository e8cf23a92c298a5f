import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { OutboxPage } from "../../features/admin/components/outbox-page";

export const Route = createFileRoute("/admin/outbox")({
  head: () => ({ meta: [{ title: `SMS outbox | Admin | ${BRAND.name}` }] }),
  component: OutboxPage,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { RescheduleInfoPage as ReschedulePage } from "../features/orders/components/reschedule-info";

export const Route = createFileRoute("/reschedule")({
  head: () => ({ meta: [{ title: `Reschedule | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: ReschedulePage,
});

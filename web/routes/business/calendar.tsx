import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessCalendar } from "../../features/business/components/business-pages";

export const Route = createFileRoute("/business/calendar")({
  head: () => ({ meta: [{ title: `Calendar | ${BRAND.name}` }] }),
  component: BusinessCalendar,
});

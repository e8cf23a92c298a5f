import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { CalendarPage } from "../../features/business/components/calendar-page";

export const Route = createFileRoute("/business/calendar")({
  head: () => ({ meta: [{ title: `Calendar | ${BRAND.name}` }] }),
  component: CalendarPage,
});

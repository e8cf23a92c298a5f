import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { HelpPage } from "../features/content/components/help-page";

export const Route = createFileRoute("/help")({
  head: () => ({ meta: [{ title: `Help center | ${BRAND.name}` }] }),
  component: HelpPage,
});

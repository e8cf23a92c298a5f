import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { BusinessHelp } from "../../features/pro/components/business-help";

export const Route = createFileRoute("/business/help")({
  head: () => ({ meta: [{ title: `Help for pros | ${BRAND.name}` }] }),
  component: BusinessHelp,
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { PayScreen } from "../../features/business-money/pay-page";

export const Route = createFileRoute("/business/pay")({
  head: () => ({ meta: [{ title: `Pay | ${BRAND.name}` }] }),
  component: PayScreen,
});

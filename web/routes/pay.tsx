import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { PayPage } from "../features/pay/components/pay-page";

export const Route = createFileRoute("/pay")({
  head: () => ({ meta: [{ title: `Payment | ${BRAND.name}` }, { name: "robots", content: "noindex" }] }),
  component: PayPage,
});

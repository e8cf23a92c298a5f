import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { GiftCardPage } from "../features/content/components/giftcard-page";

export const Route = createFileRoute("/giftcard")({
  head: () => ({ meta: [{ title: `Gift cards and credits | ${BRAND.name}` }] }),
  component: GiftCardPage,
});

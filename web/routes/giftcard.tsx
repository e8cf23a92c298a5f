import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { GiftCardPage } from "../features/content/components/giftcard-page";
import { GiftCardCommerce } from "../features/giftcard/components/gift-purchase";

export const Route = createFileRoute("/giftcard")({
  head: () => ({ meta: [{ title: `Gift cards and credits | ${BRAND.name}` }] }),
  component: GiftCardRoute,
});

/** The gift card page's text, then buying and redeeming. */
function GiftCardRoute() {
  return (
    <>
      <GiftCardPage />
      <div className="page page-normal gift-commerce-wrap">
        <GiftCardCommerce />
      </div>
    </>
  );
}

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../config/brand";
import { GiftCardPage } from "../features/content/components/giftcard-page";
import { GiftCardCommerce } from "../features/giftcard/components/gift-purchase";
import { pageHead } from "../lib/seo/head";

export const Route = createFileRoute("/giftcard")({
  head: () =>
    pageHead({
      title: "Gift cards and credits",
      description: `A ${BRAND.name} eGift card lets someone you love choose a massage, a blowout, a manicure or any service we offer, at home and at a time that suits them.`,
      path: "/giftcard",
    }),
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

/** The content and utility pages of docs/product.md section 2: every browser check that walks the site uses them. */
export const CONTENT_ROUTES = [
  "/blogs",
  "/help",
  "/giftcard",
  "/foundation",
  "/foundation-recipients",
  "/affiliates",
  "/ambassadors",
  "/alliances",
  "/termsandconditions",
  "/privacypolicy",
  "/pay",
  "/subscription",
  "/reschedule",
  "/serviceinfo",
  "/maintenance",
  "/404",
];

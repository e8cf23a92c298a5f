import type { AnyRouter } from "@tanstack/react-router";
import { readCart } from "../stores/cart-store";
import { updateSettings } from "../stores/settings-store";

export const ZIP_CHANGE_EVENT = "glow:zipchange";

/**
 * Sets the service ZIP (docs/product.md section 2 "ZIP-set behaviour"): stores it in local settings, replaces a
 * `zipcode` query parameter on the current route with the new ZIP, tells listening pages (the orders page
 * reloads its list), and goes to /cart when the flow asked for it and the cart is not empty.
 */
export function setServiceZip(
  router: AnyRouter,
  zip: string,
  opts: { redirectToCart?: boolean; replaceUrl?: boolean } = {},
): void {
  updateSettings({ zipcode: zip });
  window.dispatchEvent(new CustomEvent(ZIP_CHANGE_EVENT, { detail: { zip } }));
  if (opts.redirectToCart && readCart().length > 0) {
    void router.navigate({ href: "/cart" });
    return;
  }
  if (opts.replaceUrl === false) return;
  const url = new URL(window.location.href);
  if (url.searchParams.has("zipcode") && url.searchParams.get("zipcode") !== zip) {
    url.searchParams.set("zipcode", zip);
    void router.navigate({ href: url.pathname + url.search + url.hash, replace: true });
  }
}

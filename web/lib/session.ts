import { cartItemIds, clearCart } from "../stores/cart-store";
import { clearSettings, settingsStore } from "../stores/settings-store";
import { removeItem } from "./storage";

/**
 * Logout (docs/product.md section 4): with a ZIP set, release the cart's held items (clear-zip); end the session;
 * clear the local cart and settings; then go to / (or stay, cleaned, for ?logout=1) with a full reload so
 * no signed-in state survives in memory.
 */
export async function logout(opts: { to?: string } = {}): Promise<void> {
  const zip = settingsStore.get().zipcode;
  const ids = cartItemIds()
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  if (zip && ids.length > 0) {
    // Release the held times while the session still owns them (POST /booking/clear-zip); never block logout on it.
    try {
      await fetch("/api/booking/clear-zip", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ cartitemids: ids }),
        credentials: "same-origin",
        signal: AbortSignal.timeout(3000),
      });
    } catch {
      /* held times lapse on their own */
    }
  }
  try {
    await fetch("/api/logout", { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    /* the cookie is HttpOnly; a failed call still leaves this browser clean below */
  }
  clearCart();
  clearSettings();
  removeItem("referralCode");
  window.location.assign(opts.to ?? "/");
}

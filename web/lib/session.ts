import { cartItemIds, clearCart } from "../stores/cart-store";
import { clearSettings, settingsStore } from "../stores/settings-store";
import { removeItem } from "./storage";

/**
 * Logout (SPEC section 4): with a ZIP set, release the cart's held items; end the session on the server;
 * clear the local cart and settings; then go to / (or stay, cleaned, for ?logout=1) with a full reload so
 * no signed-in state survives in memory.
 */
export async function logout(opts: { to?: string } = {}): Promise<void> {
  const zip = settingsStore.get().zipcode;
  const ids = cartItemIds();
  if (zip && ids.length > 0) {
    // Fire and forget: the cart feature's endpoint releases held slots; logout must not wait on it.
    void fetch("/api/booking/service-remove-cart", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ zipCode: zip, cartitemids: ids }),
      keepalive: true,
    }).catch(() => undefined);
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

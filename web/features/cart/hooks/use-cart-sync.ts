import { useEffect, useRef } from "react";
import { readCart, readCartOwner } from "../../../stores/cart-store";
import { useShell } from "../../../stores/shell-context";

/**
 * Keeps the local cart mirror (and so the header count) in step with the server's cart:
 * - at login or signup (the viewer appears in this page), POST /booking/cart/merge moves the visitor cart
 *   into the user's and answers the merged cart (decision 011);
 * - on a page that opens signed in with a visitor's mirror (login in another tab, a reload after login), the
 *   same merge; with no mirror yet (a new device), one GET /booking/cart fills it.
 * Logout clears the mirror (web/lib/session.ts). Failures leave the mirror as it was. The cart calls load
 * only when needed, so they stay out of the home page's first bundle.
 */
const cartApi = () => import("../../../lib/cart-api");
const merge = () => void cartApi().then((m) => m.mergeCart().catch(() => undefined));
const refresh = () => void cartApi().then((m) => m.fetchCart().catch(() => undefined));

export function useCartSync(): void {
  const { viewer, ready } = useShell();
  const signedIn = viewer !== null;
  const prevRef = useRef<boolean | null>(null);

  useEffect(() => {
    if (!ready) return;
    const was = prevRef.current;
    prevRef.current = signedIn;
    if (!signedIn) return;
    if (was === false) {
      merge();
      return;
    }
    if (was === null) {
      const owner = readCartOwner();
      if (owner === "visitor" || (owner === null && readCart().length > 0)) merge();
      else if (owner === null) refresh();
    }
  }, [ready, signedIn]);
}

import { createStore } from "../lib/create-store";
import { readJson, readItem, removeItem, writeJson } from "../lib/storage";

/**
 * The local cart (SPEC section 3, key `cart`). The cart feature of a later issue owns its contents; the
 * shell only needs its size and item ids. Read defensively: an unreadable value falls back to the
 * in-memory cart, which is written back (SPEC section 4 "Login cart handling").
 */
export const CART_KEY = "cart";

export interface CartItemLike {
  cartitemid?: string | number;
  [key: string]: unknown;
}

let memoryCart: CartItemLike[] = [];

function itemsOf(value: unknown): CartItemLike[] | null {
  if (Array.isArray(value)) return value.filter((x): x is CartItemLike => !!x && typeof x === "object");
  if (value && typeof value === "object") {
    const items = (value as { items?: unknown }).items;
    if (Array.isArray(items)) return items.filter((x): x is CartItemLike => !!x && typeof x === "object");
  }
  return null;
}

export function readCart(): CartItemLike[] {
  const raw = readItem(CART_KEY);
  if (raw == null) return memoryCart;
  const items = itemsOf(readJson(CART_KEY));
  if (items) {
    memoryCart = items;
    return items;
  }
  writeJson(CART_KEY, memoryCart);
  return memoryCart;
}

export const cartStore = createStore<{ count: number }>({ count: 0 }, () => ({ count: readCart().length }));

/** Call after changing the stored cart so the header's count follows. */
export function refreshCartCount(): void {
  cartStore.set({ count: readCart().length });
}

export function cartItemIds(): Array<string | number> {
  return readCart()
    .map((i) => i.cartitemid)
    .filter((id): id is string | number => id !== undefined && id !== null);
}

export function clearCart(): void {
  memoryCart = [];
  removeItem(CART_KEY);
  cartStore.set({ count: 0 });
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === CART_KEY || e.key === null) refreshCartCount();
  });
}

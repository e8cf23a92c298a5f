import { createStore } from "../lib/create-store";
import { readJson, readItem, removeItem, writeJson } from "../lib/storage";

/**
 * The local cart (docs/product.md section 3, key `cart`): a mirror of the server's cart (decision 011) that the header
 * count and the cart page render from before the server answers. Stored as `{ owner, items }`; an array (the
 * older form) is read too. Read defensively: an unreadable value falls back to the in-memory cart, which is
 * written back (docs/product.md section 4 "Login cart handling").
 */
export const CART_KEY = "cart";

/** Who the mirrored cart belongs to: a visitor's cart is merged into the user's at login. */
export type CartOwnerKind = "visitor" | "user";

export interface CartItemLike {
  cartitemid?: string | number;
  [key: string]: unknown;
}

let memoryCart: CartItemLike[] = [];
let memoryOwner: CartOwnerKind | null = null;

function itemsOf(value: unknown): CartItemLike[] | null {
  if (Array.isArray(value)) return value.filter((x): x is CartItemLike => !!x && typeof x === "object");
  if (value && typeof value === "object") {
    const items = (value as { items?: unknown }).items;
    if (Array.isArray(items)) return items.filter((x): x is CartItemLike => !!x && typeof x === "object");
  }
  return null;
}

function ownerOf(value: unknown): CartOwnerKind | null {
  const owner = value && typeof value === "object" ? (value as { owner?: unknown }).owner : undefined;
  return owner === "visitor" || owner === "user" ? owner : null;
}

export function readCart(): CartItemLike[] {
  const raw = readItem(CART_KEY);
  if (raw == null) return memoryCart;
  const value = readJson(CART_KEY);
  const items = itemsOf(value);
  if (items) {
    memoryCart = items;
    memoryOwner = ownerOf(value);
    return items;
  }
  writeJson(CART_KEY, { owner: memoryOwner, items: memoryCart });
  return memoryCart;
}

/** Whose cart the mirror holds; null when unknown (an older mirror, or none). */
export function readCartOwner(): CartOwnerKind | null {
  readCart();
  return memoryOwner;
}

export const cartStore = createStore<{ count: number; items: CartItemLike[] }>({ count: 0, items: [] }, () => {
  const items = readCart();
  return { count: items.length, items };
});

/** Call after changing the stored cart so the header's count follows. */
export function refreshCartCount(): void {
  const items = readCart();
  cartStore.set({ count: items.length, items });
}

/** Replaces the mirror (after any cart call answered); the header count follows at once. */
export function writeCart(list: readonly object[], owner: CartOwnerKind | null = memoryOwner): void {
  const items = [...list] as CartItemLike[];
  memoryCart = items;
  memoryOwner = owner;
  writeJson(CART_KEY, { owner, items });
  cartStore.set({ count: items.length, items });
}

export function cartItemIds(): Array<string | number> {
  return readCart()
    .map((i) => i.cartitemid)
    .filter((id): id is string | number => id !== undefined && id !== null);
}

export function clearCart(): void {
  memoryCart = [];
  memoryOwner = null;
  removeItem(CART_KEY);
  cartStore.set({ count: 0, items: [] });
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === CART_KEY || e.key === null) refreshCartCount();
  });
}

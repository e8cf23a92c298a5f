import type { CartItemChecked, CartItemView, CartView } from "../../schema/payloads/cart";
import { readCart, readCartOwner, writeCart, type CartItemLike, type CartOwnerKind } from "../stores/cart-store";
import { cartQuery } from "./cart-query";
import { ApiError, call } from "./api-client";
import { bookingClient } from "./api-clients";

/**
 * The cart calls of docs/api-cart.md, shared by the booking pages (add) and the cart page (read, move,
 * remove). Every answer rewrites the local mirror (`cart`), so the header count follows the server's cart.
 * Failures throw ApiError with the refusal's `alternative` in `details` (see `refusalOf`).
 */

/** What the cart shows about an item that the API's CartItem does not carry (names, pictures). */
export interface CartItemDisplay {
  service_name?: string;
  slug?: string;
  image?: string | null;
  vendor_name?: string;
  vendor_photo?: string | null;
}

export type MirrorItem = CartItemView & { display?: CartItemDisplay; status?: CartItemChecked["status"] };

function mirrorItems(): MirrorItem[] {
  return readCart().filter((i): i is CartItemLike & MirrorItem => typeof i.cartitemid === "number") as MirrorItem[];
}

/** The display details we kept for an item, by id. */
export function displayOf(cartitemid: number): CartItemDisplay | undefined {
  return mirrorItems().find((i) => i.cartitemid === cartitemid)?.display;
}

function keepDisplay(items: CartItemView[]): MirrorItem[] {
  const known = new Map(mirrorItems().map((i) => [i.cartitemid, i.display]));
  return items.map((i) => ({ ...i, display: known.get(i.cartitemid) ?? (i as MirrorItem).display }));
}

/** GET /api/booking/cart (web/lib/cart-query.ts), adopted as the local mirror. */
export async function fetchCart(signal?: AbortSignal): Promise<CartView> {
  return adoptCart(await cartQuery.fetch(undefined, { signal }));
}

/** A cart the server answered (fetched here, or read by the page's server render) becomes the local mirror. */
export function adoptCart(cart: CartView): CartView {
  writeCart(keepDisplay(cart.items), readCartOwner());
  return cart;
}

let mergeInFlight: Promise<CartView> | null = null;

/**
 * POST /api/booking/cart/merge (signed in): the visitor cart joins the user's; answers the merged cart.
 * Right after signup at checkout both the app shell (useCartSync) and the checkout page merge; they share one
 * request, so the checkout validates the cart only after the one merge finished instead of racing a second
 * merge that was still moving (or releasing) the same items. The shared request is not aborted by a caller.
 */
export function mergeCart(_signal?: AbortSignal): Promise<CartView> {
  mergeInFlight ??= call((o) => bookingClient.cart.merge.$post(undefined, o))
    .then((cart) => {
      writeCart(keepDisplay(cart.items), "user");
      return cart;
    })
    .finally(() => {
      mergeInFlight = null;
    });
  return mergeInFlight;
}

export interface AddToCartInput {
  zipCode: string;
  serviceId: number;
  /** A chosen pro; leave out for "any pro". */
  vendorId?: number | null;
  /** "Any pro": the pro to try first. */
  hint_v?: number | null;
  /** "YYYY-MM-DD HH:MM" in the zone the times were listed in. */
  selectedDate: string;
  /** One per click: a retried request answers the first item instead of adding a second. */
  idempotencyKey: string;
}

/** POST /api/booking/service-add-cart: holds the time for 15 minutes, then adds the item. */
export async function addToCart(
  input: AddToCartInput,
  display: CartItemDisplay,
  owner: CartOwnerKind,
): Promise<MirrorItem> {
  const item = await call((o) => bookingClient["service-add-cart"].$post({ json: input }, o));
  const withDisplay: MirrorItem = { ...item, display, status: "ok" };
  writeCart([...mirrorItems().filter((i) => i.cartitemid !== item.cartitemid), withDisplay], owner);
  return withDisplay;
}

/** POST /api/booking/service-remove-cart; an item the server no longer has leaves the mirror too. */
export async function removeFromCart(cartitemid: number): Promise<void> {
  try {
    await call((o) => bookingClient["service-remove-cart"].$post({ json: { cartitemid } }, o));
  } catch (err) {
    if (!(err instanceof ApiError && err.code === "NOT_FOUND")) throw err;
  }
  writeCart(mirrorItems().filter((i) => i.cartitemid !== cartitemid));
}

/** POST /api/booking/service-update-cart: holds the new time first; a refusal leaves the item as it was. */
export async function moveCartItem(cartitemid: number, selectedDate: string): Promise<MirrorItem> {
  const item = await call((o) => bookingClient["service-update-cart"].$post({ json: { cartitemid, selectedDate } }, o));
  const display = displayOf(cartitemid);
  const next: MirrorItem = { ...item, display, status: "ok" };
  writeCart(mirrorItems().map((i) => (i.cartitemid === cartitemid ? next : i)));
  return next;
}

/** Adds display details to mirrored items (names the cart page looked up). */
export function rememberDisplay(details: Map<number, CartItemDisplay>): void {
  if (details.size === 0) return;
  writeCart(
    mirrorItems().map((i) => {
      const d = details.get(i.cartitemid);
      return d ? { ...i, display: { ...i.display, ...d } } : i;
    }),
  );
}

export interface Refusal {
  code: string;
  message: string;
  /** The free start nearest to the one asked for ("YYYY-MM-DD HH:MM"), to offer instead. */
  alternative: { selectedDate: string; selected_at: string } | null;
}

const REFUSALS = new Set(["CART_ITEM_NOT_AVAILABLE", "CART_ITEM_DATE_CHANGED"]);

/** A time refusal (decision 011) read from an ApiError; null for any other failure. */
export function refusalOf(err: unknown): Refusal | null {
  if (!(err instanceof ApiError) || !REFUSALS.has(err.code)) return null;
  const alt = err.details.alternative as Refusal["alternative"] | undefined;
  const ok = alt && typeof alt === "object" && typeof alt.selectedDate === "string";
  return { code: err.code, message: err.message, alternative: ok ? alt : null };
}

/** A fresh idempotency key for one click (8-100 of A-Za-z0-9_.:-). */
export function newIdempotencyKey(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return `add-${crypto.randomUUID()}`;
  return `add-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

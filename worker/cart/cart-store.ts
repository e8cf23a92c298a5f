import { eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso } from "../../domain/calendar/time";
import { holdVendorId } from "../../durable/calendar/rpc-types";
import type { CartItemView } from "../../schema/payloads/cart";
import { cartItems, carts } from "../../schema/tables/orders";
import { randomToken, sha256Hex } from "../auth/crypto";

/**
 * Whose cart a request works on (docs/decisions/011-holds-and-cart.md): a signed-in user's server-side cart,
 * else a visitor's cart found by the SHA-256 of a random token in the `__Host-cart` cookie (HttpOnly, so
 * page scripts never see it; D1 keeps only the hash). The browser's localStorage `cart` is a mirror. Reading and
 * writing the cookie is HTTP work (worker/http/cart-cookie.ts); these functions take the owner as a value.
 */
export const CART_COOKIE = "__Host-cart";
export const CART_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

export interface CartOwner {
  userId: number | null;
  /** Hash of the visitor cookie's token, when the request carries one. */
  visitorHash: string | null;
}

/** The owner named by the signed-in user's id and the visitor cookie's token (either may be missing). */
export async function cartOwnerOf(userId: number | null, visitorToken: string | undefined): Promise<CartOwner> {
  const visitorHash = visitorToken && visitorToken.length <= 100 ? await sha256Hex(visitorToken) : null;
  return { userId, visitorHash };
}

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** The caller's cart: the user's when signed in, else the visitor's. */
export async function findCart(db: DrizzleD1Database, owner: CartOwner): Promise<CartRow | null> {
  if (owner.userId !== null) {
    const [row] = await db.select().from(carts).where(eq(carts.user_id, owner.userId)).limit(1);
    return row ?? null;
  }
  if (owner.visitorHash === null) return null;
  const [row] = await db.select().from(carts).where(eq(carts.visitor_token_hash, owner.visitorHash)).limit(1);
  return row ?? null;
}

/** The visitor cart named by the cookie, whoever is signed in (for merging it at login). */
export async function findVisitorCart(db: DrizzleD1Database, owner: CartOwner): Promise<CartRow | null> {
  if (owner.visitorHash === null) return null;
  const [row] = await db.select().from(carts).where(eq(carts.visitor_token_hash, owner.visitorHash)).limit(1);
  return row ?? null;
}

/**
 * The caller's cart, created when missing (a new visitor cart answers the token its cookie must carry).
 * Records the ZIP being shopped.
 */
export async function ensureCart(
  db: DrizzleD1Database,
  owner: CartOwner,
  now: number,
  zip: string,
): Promise<{ cartId: number; newVisitorToken: string | null }> {
  if (owner.userId !== null) {
    const [row] = await db
      .insert(carts)
      .values({ user_id: owner.userId, zipcode: zip, created_at: now, updated_at: now })
      .onConflictDoUpdate({ target: carts.user_id, set: { zipcode: zip, updated_at: now } })
      .returning({ cart_id: carts.cart_id });
    return { cartId: row!.cart_id, newVisitorToken: null };
  }
  const existing = await findCart(db, owner);
  if (existing) return { cartId: existing.cart_id, newVisitorToken: null };
  const token = randomToken(32);
  const [row] = await db
    .insert(carts)
    .values({ visitor_token_hash: await sha256Hex(token), zipcode: zip, created_at: now, updated_at: now })
    .returning({ cart_id: carts.cart_id });
  return { cartId: row!.cart_id, newVisitorToken: token };
}

/**
 * Raw D1 pieces for writing a cart in the same batch as its item: `upsert` creates the owner's cart or
 * records the ZIP on it; `where` (with ?1 bound to `ownerValue`) selects it; `id` reads its cart_id.
 */
export function cartStatements(d1: D1Database, owner: CartOwner, zip: string, now: number) {
  const byUser = owner.userId !== null;
  if (!byUser && owner.visitorHash === null) throw new Error("cartStatements needs a user or a visitor token");
  const column = byUser ? "user_id" : "visitor_token_hash";
  const ownerValue = byUser ? owner.userId! : owner.visitorHash!;
  return {
    ownerValue,
    where: `${column} = ?1`,
    upsert: d1
      .prepare(
        `INSERT INTO carts (${column}, zipcode, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
         ON CONFLICT (${column}) DO UPDATE SET zipcode = excluded.zipcode, updated_at = excluded.updated_at`,
      )
      .bind(ownerValue, zip, now),
    id: d1.prepare(`SELECT cart_id FROM carts WHERE ${column} = ?1`).bind(ownerValue),
  };
}

/** The vendor whose calendar holds the item's time (the chosen vendor, or the one matched for "any pro"). */
export function heldBy(item: Pick<CartItemRow, "vendor_id" | "hold_id">): number | null {
  return (item.hold_id ? holdVendorId(item.hold_id) : null) ?? item.vendor_id;
}

/** A cart item as the API shows it; times in `tz`, the zone of the vendor holding it. */
export function itemView(item: CartItemRow, tz: string): CartItemView {
  return {
    cartitemid: item.cartitemid,
    vendor_id: item.vendor_id,
    hint_v: item.hint_v,
    service_id: item.service_id,
    service_code: item.service_code,
    selectedDate: item.selected_date === null ? null : formatLocal(item.selected_date, tz),
    selected_at: item.selected_date === null ? null : iso(item.selected_date),
    time_zone: tz,
    totalDuration: item.total_duration,
    isSubscription: item.is_subscription,
    isConnectType: item.is_connect_type,
    scheduleBypass: item.schedule_bypass,
    price_cents: item.price_cents,
    hold_expires_at: item.hold_expires_at === null ? null : iso(item.hold_expires_at),
    held_by_vendor_id: heldBy(item),
  };
}

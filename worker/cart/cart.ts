import { and, eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as v from "valibot";
import { messageFor } from "../../domain/messages";
import { parseLocal } from "../../domain/calendar/time";
import {
  holdVendorId,
  type HoldAnswer,
  type HoldInfo,
  type Refusal,
  type VendorSettings,
} from "../../durable/calendar/rpc-types";
import type {
  AddToCartBody,
  CartItemChecked,
  CartItemView,
  CartView,
  UpdateCartBody,
} from "../../schema/payloads/cart";
import { cartItems, carts } from "../../schema/tables/orders";
import { geoFromEnv } from "../adapters/geo";
import type { ZipPlace } from "../adapters/geo/port";
import { randomToken, sha256Hex } from "../auth/crypto";
import { vendorsInRange, vendorsNearQuery, zipPlaceOrFail } from "../catalogue/queries";
import { fail } from "../http/errors";
import { alternativeView, CalendarRefusal, calendarFor, refusalError } from "../calendar/calendar-client";
import {
  cartStatements,
  ensureCart,
  findCart,
  findVisitorCart,
  heldBy,
  itemView,
  type CartItemRow,
  type CartOwner,
} from "./cart-store";
import { loadMarket, loadServices, loadSettings, loadVendorOffers, type ServiceInZip } from "../calendar/market";
import { vendorFreeAt } from "../calendar/search";

/**
 * The cart's services (docs/product.md section 7 "Booking": service-add/remove/update-cart, clear-zip, cart,
 * cart/merge; docs/decisions/011-holds-and-cart.md). Each takes the Worker's env (D1 and the vendors'
 * calendar objects), the drizzle database, the time and the cart's owner as a value; the routes in
 * worker/api/booking/cart.ts read the owner from the session and the `__Host-cart` cookie and write the
 * cookie these services ask for.
 */

/** "Any pro" tries at most this many vendors the projection shows free before it gives up. */
const ANY_PRO_ATTEMPTS = 3;

function logError(at: string, err: unknown, extra: Record<string, unknown> = {}) {
  console.error(JSON.stringify({ at, error: String(err), ...extra }));
}

/** The instant of "YYYY-MM-DD HH:MM" in the zone, or INVALID_INPUT for a date that does not exist. */
function startOf(local: string, tz: string): number {
  try {
    return parseLocal(local, tz);
  } catch {
    fail("INVALID_INPUT", { selectedDate: "Choose a date that exists." });
  }
}

// ------------------------------------------------------------------------------------------ holding

interface Grant {
  hold: HoldInfo;
  replayed: boolean;
  settings: VendorSettings;
  service: ServiceInZip;
  /** The price the item is sold at (cents). */
  price_cents: number;
}

/** What is being held: the same for a new item and for a moved one. */
interface HoldPlan {
  place: ZipPlace;
  serviceId: number;
  /** Fixed vendor, or null for "any pro". */
  vendorId: number | null;
  hint: number | null;
  selectedDate: string;
  /** The item is a connect job (a connect service always is). */
  connectType: boolean;
  bypass: boolean;
  key: string;
  now: number;
  /** The hold of the item being moved: ignored by the check on its own vendor. */
  replacing?: string | null;
}

/** Holds the time on the chosen vendor's calendar, or throws its refusal. */
async function holdFixed(env: Env, db: DrizzleD1Database, plan: HoldPlan & { vendorId: number }): Promise<Grant> {
  const [offer] = await loadVendorOffers(db, plan.place, [{ serviceId: plan.serviceId, vendorId: plan.vendorId }]);
  const { settings, service } = offer!;
  const start = startOf(plan.selectedDate, settings.tz);
  const answer = await calendarFor(env, plan.vendorId).placeHold({
    settings,
    now: plan.now,
    start,
    durationMinutes: service.duration_minutes,
    isConnect: plan.connectType || service.is_connect,
    bypass: plan.bypass,
    ignoreHoldIds: plan.replacing && holdVendorId(plan.replacing) === plan.vendorId ? [plan.replacing] : [],
    idempotencyKey: plan.key,
  });
  if (!answer.ok) throw refusalError(answer, settings.tz);
  return { hold: answer.hold, replayed: !!answer.replayed, settings, service, price_cents: offer!.price_cents };
}

/**
 * "Any pro": holds the time on one vendor serving the ZIP with the service. The projection picks who looks
 * free (the hinted vendor first, then the one already holding a moved item, then the nearest); each
 * vendor's object has the last word. Nobody free: the first candidate's own refusal (with its nearest free
 * time) is the answer. Times are read in the ZIP's zone.
 */
async function holdAnyPro(env: Env, db: DrizzleD1Database, plan: HoldPlan): Promise<Grant> {
  const [service] = await loadServices(db, [plan.serviceId], plan.place);
  const start = startOf(plan.selectedDate, plan.place.time_zone);
  const near = vendorsInRange(await vendorsNearQuery(db, plan.place), plan.place);
  const exclude = { holds: new Set(plan.replacing ? [plan.replacing] : []) };
  const market = await loadMarket(db, near, [plan.serviceId], plan.now, { exclude });
  if (market.candidates.length === 0)
    fail("ITEM_NOT_AVAILABLE", { serviceId: "No professional offers this service in this ZIP code." });
  const replacingVendor = plan.replacing ? holdVendorId(plan.replacing) : null;
  const rank = (v: { vendorId: number }) => (v.vendorId === plan.hint ? 0 : v.vendorId === replacingVendor ? 1 : 2);
  const ordered = [...market.candidates].sort((a, b) => rank(a) - rank(b) || a.distance_miles - b.distance_miles);
  const isConnect = plan.connectType || service!.is_connect;
  const search = { durationMinutes: service!.duration_minutes, isConnect, now: plan.now };
  const free = plan.bypass
    ? ordered
    : ordered.filter((v) => vendorFreeAt({ ...search, settings: v.settings, busy: v.busy }, start));
  const attempts = (free.length > 0 ? free : ordered).slice(0, ANY_PRO_ATTEMPTS);
  let refusal: Refusal | null = null;
  let refusedTz = plan.place.time_zone;
  for (const v of attempts) {
    const answer: HoldAnswer = await calendarFor(env, v.vendorId).placeHold({
      settings: v.settings,
      now: plan.now,
      start,
      durationMinutes: service!.duration_minutes,
      isConnect,
      bypass: plan.bypass,
      ignoreHoldIds: v.vendorId === replacingVendor ? [plan.replacing!] : [],
      idempotencyKey: plan.key,
    });
    if (answer.ok)
      return {
        hold: answer.hold,
        replayed: !!answer.replayed,
        settings: v.settings,
        service: service!,
        price_cents: service!.price_cents,
      };
    if (refusal === null) {
      refusal = answer;
      refusedTz = v.settings.tz;
    }
    if (answer.code === "INVALID_INPUT") break;
  }
  throw refusalError(refusal!, refusedTz);
}

function holdFor(env: Env, db: DrizzleD1Database, plan: HoldPlan): Promise<Grant> {
  return plan.vendorId !== null ? holdFixed(env, db, { ...plan, vendorId: plan.vendorId }) : holdAnyPro(env, db, plan);
}

/** Best-effort release; a hold that cannot be released now lapses within 15 minutes anyway. */
async function release(env: Env, holdId: string | null, key: string, now: number, opts: { forgetKey?: string } = {}) {
  const vendorId = holdId ? holdVendorId(holdId) : null;
  if (!holdId || vendorId === null) return;
  try {
    await calendarFor(env, vendorId).releaseHold(holdId, key, now, opts);
  } catch (err) {
    logError("cart.release", err, { hold_id: holdId });
  }
}

/** A raw D1 cart_items row (booleans as 0/1) as drizzle's row type. */
function fromD1Row(r: Record<string, unknown> | undefined): CartItemRow | undefined {
  if (!r) return undefined;
  return {
    ...(r as unknown as CartItemRow),
    is_subscription: r.is_subscription === 1,
    is_connect_type: r.is_connect_type === 1,
    schedule_bypass: r.schedule_bypass === 1,
  };
}

// ------------------------------------------------------------------------------------------ reading

async function ownItem(db: DrizzleD1Database, cartId: number, cartitemid: number): Promise<CartItemRow> {
  const [item] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.cartitemid, cartitemid), eq(cartItems.cart_id, cartId)))
    .limit(1);
  return item ?? fail("NOT_FOUND", { cartitemid: "This item is not in your cart." });
}

/**
 * The cart with every item re-validated by the vendor object holding it (one call per vendor): a lapsed
 * or unknown hold is CART_ITEM_NOT_AVAILABLE, a time the vendor no longer works is CART_ITEM_DATE_CHANGED;
 * both carry the nearest free time.
 */
async function checkedCart(
  env: Env,
  db: DrizzleD1Database,
  now: number,
  cartId: number | null,
  zipCode: string | null,
): Promise<CartView> {
  if (cartId === null) return { zipCode, items: [] };
  const items = await db.select().from(cartItems).where(eq(cartItems.cart_id, cartId)).orderBy(cartItems.cartitemid);
  const vendorIds = [...new Set(items.map(heldBy).filter((v): v is number => v !== null))];
  const settings = await loadSettings(db, vendorIds);
  const statuses = new Map<string, Awaited<ReturnType<ReturnType<typeof calendarFor>["validateHolds"]>>[number]>();
  await Promise.all(
    vendorIds.map(async (vendorId) => {
      const s = settings.get(vendorId);
      if (!s) return;
      const holds = items
        .filter((i) => heldBy(i) === vendorId && i.hold_id !== null && i.selected_date !== null)
        .map((i) => ({
          holdId: i.hold_id!,
          start: i.selected_date!,
          durationMinutes: i.total_duration,
          isConnect: i.is_connect_type,
        }));
      for (const st of await calendarFor(env, vendorId).validateHolds({ settings: s, now, holds }))
        statuses.set(st.holdId, st);
    }),
  );
  const checked = items.map((item): CartItemChecked => {
    const vendorId = heldBy(item);
    const s = vendorId !== null ? settings.get(vendorId) : undefined;
    const view = itemView(item, s?.tz ?? "UTC");
    const st = item.hold_id ? statuses.get(item.hold_id) : undefined;
    if (s && s.bookable && st && (st.state === "held" || st.state === "booked")) return { ...view, status: "ok" };
    const code = st && "code" in st ? st.code : "CART_ITEM_NOT_AVAILABLE";
    return {
      ...view,
      status: code,
      message: messageFor(code),
      alternative: st && "alternative" in st && s?.bookable ? alternativeView(st.alternative, s.tz) : null,
    };
  });
  return { zipCode, items: checked };
}

async function ownerCart(
  db: DrizzleD1Database,
  owner: CartOwner,
): Promise<{ cartId: number | null; zip: string | null }> {
  const cart = await findCart(db, owner);
  return { cartId: cart?.cart_id ?? null, zip: cart?.zipcode ?? null };
}

// ------------------------------------------------------------------------------------------ services

/** What every cart service works with: the Worker's env, its drizzle database and the request's time. */
export interface CartDeps {
  env: Env;
  db: DrizzleD1Database;
  now: number;
}

/**
 * Adds a service at a time to the owner's cart, holding the time on the vendor's calendar first. Nothing
 * half-written: a refused hold leaves no item; a failed item write releases the hold. A repeated
 * idempotencyKey answers the same item (`replayed`). An owner with neither user nor visitor token gets a new
 * visitor cart: `newVisitorToken` is the token its cookie must carry.
 */
export async function addToCart(
  { env, db, now }: CartDeps,
  ownerIn: CartOwner,
  body: v.InferOutput<typeof AddToCartBody>,
): Promise<{ item: CartItemView; replayed: boolean; newVisitorToken: string | null }> {
  const vendorId = body.vendorId ?? null;
  const place = await zipPlaceOrFail(geoFromEnv(env, db), body.zipCode);
  // The cart is written with the item, after the hold: a refused hold leaves nothing behind. A new
  // visitor's token is minted now so the idempotency key can name its cart before the cart exists.
  const owner = { ...ownerIn };
  let newToken: string | null = null;
  if (owner.userId === null && owner.visitorHash === null) {
    newToken = randomToken(32);
    owner.visitorHash = await sha256Hex(newToken);
  }
  const key = `cart:${owner.userId !== null ? `u${owner.userId}` : `v${owner.visitorHash}`}:add:${body.idempotencyKey}`;
  const grant = await holdFor(env, db, {
    place,
    serviceId: body.serviceId,
    vendorId,
    hint: body.hint_v ?? null,
    selectedDate: body.selectedDate,
    connectType: body.isConnectType,
    bypass: body.scheduleBypass,
    key,
    now,
  });
  const service = grant.service;
  const isConnect = body.isConnectType || service.is_connect;

  // One D1 batch: the cart (created or touched), the item (one per hold: a replay, or a double click
  // racing the first request, finds the item the first write made instead of adding a second), and the
  // cart id to check the item against.
  let item: CartItemRow | undefined;
  let cartId: number | undefined;
  try {
    const d1 = env.DB;
    const cart = cartStatements(d1, owner, place.zip, now);
    const [, , found, mine] = await d1.batch([
      cart.upsert,
      d1
        .prepare(
          `INSERT INTO cart_items (cart_id, vendor_id, hint_v, service_code, service_id, selected_date, total_duration, price_cents,
             is_subscription, is_connect_type, schedule_bypass, hold_id, hold_expires_at, created_at)
           SELECT cart_id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14 FROM carts WHERE ${cart.where}
             AND NOT EXISTS (SELECT 1 FROM cart_items WHERE hold_id = ?12)`,
        )
        .bind(
          cart.ownerValue,
          vendorId,
          body.hint_v ?? null,
          service.service_code,
          service.service_id,
          grant.hold.start,
          service.duration_minutes,
          grant.price_cents,
          body.isSubscription ? 1 : 0,
          isConnect ? 1 : 0,
          body.scheduleBypass ? 1 : 0,
          grant.hold.holdId,
          grant.hold.expiresAt,
          now,
        ),
      d1.prepare("SELECT * FROM cart_items WHERE hold_id = ?").bind(grant.hold.holdId),
      cart.id,
    ]);
    item = fromD1Row(found!.results[0] as Record<string, unknown> | undefined);
    cartId = (mine!.results[0] as { cart_id: number } | undefined)?.cart_id;
  } catch (err) {
    if (!grant.replayed) await release(env, grant.hold.holdId, `${key}:undo`, now, { forgetKey: key });
    throw err;
  }
  if (!item || item.cart_id !== cartId) fail("GENERAL_EXCEPTION");
  return { item: itemView(item, grant.settings.tz), replayed: grant.replayed, newVisitorToken: newToken };
}

/** Removes an item from the owner's cart and releases its hold. */
export async function removeFromCart(
  { env, db, now }: CartDeps,
  owner: CartOwner,
  cartitemid: number,
): Promise<{ cartitemid: number; removed: true }> {
  const { cartId } = await ownerCart(db, owner);
  if (cartId === null) fail("NOT_FOUND", { cartitemid: "This item is not in your cart." });
  const [removed] = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartitemid, cartitemid), eq(cartItems.cart_id, cartId)))
    .returning();
  if (!removed) fail("NOT_FOUND", { cartitemid: "This item is not in your cart." });
  await release(env, removed.hold_id, `cart:${cartId}:remove:${removed.cartitemid}`, now);
  return { cartitemid: removed.cartitemid, removed: true };
}

/**
 * Moves an item to another time: the new time is held first (the item's own hold does not count against
 * it), the item is rewritten, then the old hold is released. Refused: the item and its hold stay as they
 * were and the error carries the nearest free time.
 */
export async function moveCartItem(
  { env, db, now }: CartDeps,
  owner: CartOwner,
  body: v.InferOutput<typeof UpdateCartBody>,
): Promise<CartItemView> {
  const { cartId, zip } = await ownerCart(db, owner);
  if (cartId === null) fail("NOT_FOUND", { cartitemid: "This item is not in your cart." });
  const item = await ownItem(db, cartId, body.cartitemid);
  if (!zip) fail("ITEM_NOT_AVAILABLE", { zipCode: "Set your ZIP code again." });
  const place = await zipPlaceOrFail(geoFromEnv(env, db), zip);
  const oldHold = item.hold_id;
  const key = `cart:${cartId}:update:${item.cartitemid}:${oldHold ?? "none"}:${body.selectedDate}`;
  let grant: Grant;
  try {
    grant = await holdFor(env, db, {
      place,
      serviceId: item.service_id,
      vendorId: item.vendor_id,
      hint: item.hint_v,
      selectedDate: body.selectedDate,
      connectType: item.is_connect_type,
      bypass: item.schedule_bypass,
      key,
      now,
      replacing: oldHold,
    });
  } catch (err) {
    if (err instanceof CalendarRefusal) err.cartitemid = item.cartitemid;
    throw err;
  }
  let updated: CartItemRow | undefined;
  try {
    [updated] = await db
      .update(cartItems)
      .set({
        selected_date: grant.hold.start,
        hold_id: grant.hold.holdId,
        hold_expires_at: grant.hold.expiresAt,
        price_cents: grant.price_cents,
      })
      .where(
        and(
          eq(cartItems.cartitemid, item.cartitemid),
          oldHold === null ? sql`${cartItems.hold_id} IS NULL` : eq(cartItems.hold_id, oldHold),
        ),
      )
      .returning();
  } catch (err) {
    await release(env, grant.hold.holdId, `${key}:undo`, now, { forgetKey: key });
    throw err;
  }
  if (!updated) {
    // Someone else moved the item meanwhile (or this is a replay of a move that already landed).
    const [current] = await db.select().from(cartItems).where(eq(cartItems.cartitemid, item.cartitemid)).limit(1);
    if (current?.hold_id === grant.hold.holdId) return itemView(current, grant.settings.tz);
    await release(env, grant.hold.holdId, `${key}:undo`, now, { forgetKey: key });
    fail("SELECTION_CHANGED", { cartitemid: "This item changed meanwhile. Please review your cart." });
  }
  if (oldHold && oldHold !== grant.hold.holdId) await release(env, oldHold, `${key}:release-old`, now);
  return itemView(updated, grant.settings.tz);
}

/**
 * Deletes the items of the owner's cart among `cartitemids` and releases their holds. Fire and forget
 * (clear-zip answers before it runs): it never throws, a failure is logged.
 */
export function clearCartItems({ env, db, now }: CartDeps, owner: CartOwner, cartitemids: number[]): Promise<void> {
  return (async () => {
    const cart = await findCart(db, owner);
    if (!cart || cartitemids.length === 0) return;
    const removed = await db
      .delete(cartItems)
      .where(
        and(
          eq(cartItems.cart_id, cart.cart_id),
          sql`${cartItems.cartitemid} IN (SELECT value FROM json_each(${JSON.stringify(cartitemids)}))`,
        ),
      )
      .returning({ cartitemid: cartItems.cartitemid, hold_id: cartItems.hold_id });
    await Promise.all(removed.map((r) => release(env, r.hold_id, `cart:${cart.cart_id}:remove:${r.cartitemid}`, now)));
  })().catch((err) => logError("cart.clear-zip", err));
}

/** The owner's cart, each item re-validated against its vendor's calendar. */
export async function cartOf({ env, db, now }: CartDeps, owner: CartOwner): Promise<CartView> {
  const { cartId, zip } = await ownerCart(db, owner);
  return checkedCart(env, db, now, cartId, zip);
}

/**
 * At login: the visitor cart named by the owner's visitor token joins the user's cart (holds move with
 * their items; an item the user's cart already has at the same time with the same vendor is dropped and its
 * hold released) and the visitor cart is deleted. Answers the merged cart and whether a visitor cart was
 * merged (its cookie is then cleared by the route). The owner must have a user.
 */
export async function mergeVisitorCart(
  { env, db, now }: CartDeps,
  owner: CartOwner & { userId: number },
): Promise<{ cart: CartView; mergedVisitorCart: boolean }> {
  const visitor = await findVisitorCart(db, owner);
  if (!visitor) {
    const mine = await findCart(db, owner);
    return {
      cart: await checkedCart(env, db, now, mine?.cart_id ?? null, mine?.zipcode ?? null),
      mergedVisitorCart: false,
    };
  }
  const { cartId: userCartId } = await ensureCart(
    db,
    { userId: owner.userId, visitorHash: null },
    now,
    visitor.zipcode ?? "",
  );
  const existing = await db.select().from(cartItems).where(eq(cartItems.cart_id, userCartId));
  const incoming = await db.select().from(cartItems).where(eq(cartItems.cart_id, visitor.cart_id));
  // Two merges can race (the checkout page and the app shell both merge right after signup): a row the
  // other merge already moved is in both lists and is the same row, not a duplicate to delete.
  const same = (a: CartItemRow, b: CartItemRow) =>
    a.cartitemid !== b.cartitemid &&
    a.service_id === b.service_id &&
    heldBy(a) === heldBy(b) &&
    a.selected_date === b.selected_date;
  const duplicates = incoming.filter((i) => existing.some((e) => same(e, i)));
  await db.batch([
    db
      .delete(cartItems)
      .where(
        sql`${cartItems.cartitemid} IN (SELECT value FROM json_each(${JSON.stringify(duplicates.map((d) => d.cartitemid))}))`,
      ),
    db.update(cartItems).set({ cart_id: userCartId }).where(eq(cartItems.cart_id, visitor.cart_id)),
    db
      .update(carts)
      .set({ zipcode: sql`coalesce(${visitor.zipcode}, ${carts.zipcode})`, updated_at: now })
      .where(eq(carts.cart_id, userCartId)),
    db.delete(carts).where(eq(carts.cart_id, visitor.cart_id)),
  ]);
  await Promise.all(
    duplicates.map((d) => release(env, d.hold_id, `cart:${visitor.cart_id}:remove:${d.cartitemid}`, now)),
  );
  const [merged] = await db.select().from(carts).where(eq(carts.cart_id, userCartId)).limit(1);
  return { cart: await checkedCart(env, db, now, userCartId, merged?.zipcode ?? null), mergedVisitorCart: true };
}

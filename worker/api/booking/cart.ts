import type { Context } from "hono";
import { Hono } from "hono";
import { canUseConnectAdmin, isAdmin } from "../../../domain/roles";
import { AddToCartBody, ClearZipBody, RemoveCartBody, UpdateCartBody } from "../../../schema/payloads/cart";
import {
  addToCart,
  cartOf,
  clearCartItems,
  mergeVisitorCart,
  moveCartItem,
  removeFromCart,
  type CartDeps,
} from "../../calendar/cart";
import { cartOwner, clearVisitorCookie, setVisitorCookie } from "../../http/cart-cookie";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

type Ctx = Context<AppEnv>;

function depsOf(c: Ctx): CartDeps {
  return { env: c.env, db: c.get("db"), now: c.get("now") };
}

function canBypass(c: Ctx, vendorId: number | null): boolean {
  const viewer = c.get("viewer");
  if (!viewer) return false;
  return isAdmin(viewer) || canUseConnectAdmin(viewer) || (vendorId !== null && viewer.vendor_id === vendorId);
}

/**
 * The cart (docs/product.md section 7 "Booking": service-add/remove/update-cart, clear-zip); mounted at
 * /booking. The rules live in worker/calendar/cart.ts; these handlers read the owner from the session and the
 * `__Host-cart` cookie, and write the cookie.
 */
export const cartApi = new Hono<AppEnv>()
  /**
   * Adds a service at a time to the caller's cart, holding the time on the vendor's calendar first. Nothing
   * half-written: a refused hold leaves no item; a failed item write releases the hold. A repeated
   * idempotencyKey answers the same item.
   */
  .post("/service-add-cart", validate("json", AddToCartBody), async (c) => {
    const body = c.req.valid("json");
    if (body.scheduleBypass && !canBypass(c, body.vendorId ?? null))
      fail("FORBIDDEN", { scheduleBypass: "Only staff and the professional can skip the calendar." });
    const added = await addToCart(depsOf(c), await cartOwner(c), body);
    if (added.newVisitorToken) setVisitorCookie(c, added.newVisitorToken);
    return c.json({ data: added.item }, added.replayed ? 200 : 201);
  })

  /** Removes an item from the caller's cart and releases its hold. */
  .post("/service-remove-cart", validate("json", RemoveCartBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await removeFromCart(depsOf(c), await cartOwner(c), body.cartitemid) });
  })

  /**
   * Moves an item to another time: the new time is held first (the item's own hold does not count against
   * it), the item is rewritten, then the old hold is released. Refused: the item and its hold stay as they
   * were and the answer carries the nearest free time.
   */
  .post("/service-update-cart", validate("json", UpdateCartBody), async (c) => {
    const body = c.req.valid("json");
    return c.json({ data: await moveCartItem(depsOf(c), await cartOwner(c), body) });
  })

  /**
   * Fire and forget (docs/product.md section 7): answers 202 at once; the items of the caller's cart among
   * `cartitemids` are deleted and their holds released after the answer (ctx.waitUntil).
   */
  .post("/clear-zip", validate("json", ClearZipBody), async (c) => {
    const body = c.req.valid("json");
    const owner = await cartOwner(c);
    c.executionCtx.waitUntil(clearCartItems(depsOf(c), owner, body.cartitemids));
    return c.json({ data: { accepted: body.cartitemids.length } }, 202);
  })

  /** The caller's cart, each item re-validated against its vendor's calendar. */
  .get("/cart", async (c) => {
    return c.json({ data: await cartOf(depsOf(c), await cartOwner(c)) });
  })

  /**
   * At login: the visitor cart of the `__Host-cart` cookie joins the user's cart (holds move with their
   * items; an item the user's cart already has at the same time with the same vendor is dropped and its hold
   * released), the visitor cart is deleted and the cookie cleared. Answers the merged cart.
   */
  .post("/cart/merge", requireUser, async (c) => {
    const owner = await cartOwner(c);
    const { cart, mergedVisitorCart } = await mergeVisitorCart(depsOf(c), { ...owner, userId: viewerOf(c).user_id });
    if (mergedVisitorCart) clearVisitorCookie(c);
    return c.json({ data: cart });
  });

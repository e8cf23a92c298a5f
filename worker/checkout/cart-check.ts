import { eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { catalogue, messageFor, type MessageCode } from "../../domain/messages";
import type { HoldCheck, HoldStatus, VendorSettings } from "../../durable/calendar/rpc-types";
import type { CheckoutItem } from "../../schema/contracts/checkout";
import { services } from "../../schema/tables/catalogue";
import { cartItems } from "../../schema/tables/orders";
import { alternativeView, calendarFor, type AlternativeView } from "../calendar/calendar-client";
import { heldBy, itemView, type CartItemRow } from "../cart/cart-store";
import { loadSettings } from "../calendar/market";
import { AppError } from "../http/errors";

/**
 * The cart as checkout sees it: every item re-validated by the vendor object holding its time
 * (validateHolds: the hold is alive and its time still within the vendor's hours and clear of time off),
 * one call per vendor, all vendors at once. Checkout never trusts the D1 projection for this.
 */

export type LineStatus = "ok" | "CART_ITEM_NOT_AVAILABLE" | "CART_ITEM_DATE_CHANGED";

export interface CheckoutLine {
  item: CartItemRow;
  description: string;
  /** The vendor whose calendar holds the time (the chosen one, or the one matched for "any pro"). */
  vendorId: number | null;
  settings: VendorSettings | null;
  /** Zone the item's time is shown in (the holding vendor's). */
  tz: string;
  status: LineStatus;
  alternative: AlternativeView | null;
}

/** A checked cart item as the checkout calls answer it. */
export type CheckedItemView = CheckoutItem;

export function lineView(line: CheckoutLine): CheckedItemView {
  const view: CheckedItemView = { ...itemView(line.item, line.tz), description: line.description, status: line.status };
  if (line.status !== "ok") {
    view.message = messageFor(line.status);
    view.alternative = line.alternative;
  }
  return view;
}

/** The cart's items with their services' names, oldest first. */
export function cartLinesQuery(db: DrizzleD1Database, cartId: number) {
  return db
    .select({ item: cartItems, description: services.description })
    .from(cartItems)
    .innerJoin(services, eq(services.service_id, cartItems.service_id))
    .where(eq(cartItems.cart_id, cartId))
    .orderBy(cartItems.cartitemid);
}

export type CartLineRow = Awaited<ReturnType<typeof cartLinesQuery>>[number];

/**
 * Checks every line against its vendor's object at `now`. A line is ok only when its hold is held (not
 * lapsed, not already booked) and the vendor is still bookable.
 */
export async function checkLines(
  env: Env,
  db: DrizzleD1Database,
  rows: readonly CartLineRow[],
  now: number,
  known?: Map<number, VendorSettings>,
): Promise<CheckoutLine[]> {
  const vendorIds = [...new Set(rows.map((r) => heldBy(r.item)).filter((v): v is number => v !== null))];
  const settings = known ?? (await loadSettings(db, vendorIds));
  const statuses = await validateHoldsByVendor(
    env,
    settings,
    now,
    rows
      .filter((r) => r.item.hold_id !== null && r.item.selected_date !== null)
      .map((r) => ({
        vendorId: heldBy(r.item),
        check: {
          holdId: r.item.hold_id!,
          start: r.item.selected_date!,
          durationMinutes: r.item.total_duration,
          isConnect: r.item.is_connect_type,
        },
      })),
  );
  return rows.map(({ item, description }): CheckoutLine => {
    const vendorId = heldBy(item);
    const s = vendorId !== null ? (settings.get(vendorId) ?? null) : null;
    const st = item.hold_id ? statuses.get(item.hold_id) : undefined;
    const tz = s?.tz ?? "UTC";
    if (s && s.bookable && st?.state === "held") {
      return { item, description, vendorId, settings: s, tz, status: "ok", alternative: null };
    }
    const code = st && "code" in st ? st.code : "CART_ITEM_NOT_AVAILABLE";
    const alternative = st && "alternative" in st && s?.bookable ? alternativeView(st.alternative, tz) : null;
    return { item, description, vendorId, settings: s, tz, status: code, alternative };
  });
}

/** validateHolds on each vendor's object (reads only), all vendors in parallel; statuses by hold id. */
export async function validateHoldsByVendor(
  env: Env,
  settings: ReadonlyMap<number, VendorSettings>,
  now: number,
  holds: ReadonlyArray<{ vendorId: number | null; check: HoldCheck }>,
): Promise<Map<string, HoldStatus>> {
  const byVendor = new Map<number, HoldCheck[]>();
  for (const h of holds) {
    if (h.vendorId === null || !settings.has(h.vendorId)) continue;
    const list = byVendor.get(h.vendorId) ?? [];
    list.push(h.check);
    byVendor.set(h.vendorId, list);
  }
  const out = new Map<string, HoldStatus>();
  await Promise.all(
    [...byVendor].map(async ([vendorId, checks]) => {
      const answer = await calendarFor(env, vendorId).validateHolds({
        settings: settings.get(vendorId)!,
        now,
        holds: checks,
      });
      for (const st of answer) out.set(st.holdId, st);
    }),
  );
  return out;
}

/**
 * A checkout refused because of the cart: the code (ERROR_CHECKOUT_VALIDATION_FAILED, or the first bad
 * item's CART_ITEM_NOT_AVAILABLE / CART_ITEM_DATE_CHANGED) with every item and its flag, so the web can
 * send the customer back to the cart with the items highlighted.
 */
export class CartRefusal extends AppError {
  constructor(
    code: MessageCode,
    readonly items: CheckedItemView[],
    fields?: Record<string, string>,
  ) {
    super(code, fields);
  }

  override toBody() {
    const body = super.toBody();
    const bad = this.items.find((i) => i.status !== "ok");
    Object.assign(body.error, { items: this.items, cartitemid: bad?.cartitemid ?? null });
    return body;
  }
}

/** Throws when any line is not ok: `code` itself, or the first bad line's own code when `code` is null. */
export function assertLinesOk(lines: readonly CheckoutLine[], code: MessageCode | null): void {
  const bad = lines.find((l) => l.status !== "ok");
  if (!bad) return;
  const chosen = code ?? bad.status;
  if (!(chosen in catalogue)) throw new Error(`unknown code ${chosen}`);
  throw new CartRefusal(chosen as MessageCode, lines.map(lineView));
}

/** Service ids in a list, for a json_each parameter. */
export const jsonIds = (ids: readonly (number | string)[]) =>
  sql`(SELECT value FROM json_each(${JSON.stringify(ids)}))`;

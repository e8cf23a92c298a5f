import { formatLocalDateTime, todayIn } from "../../../../domain/slot-format";
import type { CartItemChecked, CartView } from "../../../../schema/payloads/cart";
import type { MirrorItem } from "../../../lib/cart-api";

/** The cart page's view of its items, shared by its parts (cart-page.tsx and the parts beside it). */
export type Alternative = CartItemChecked["alternative"];

export interface CheckState {
  status: CartItemChecked["status"];
  alternative: Alternative;
}

/** An item the re-validation removed (docs/product.md section 8 CART_ITEM_NOT_AVAILABLE), kept to offer its nearest time. */
export interface Removed {
  item: MirrorItem;
  alternative: Alternative;
  /** The hold ran out (rather than the time being taken). */
  lapsed: boolean;
  busy?: boolean;
  error?: string;
}

export function checksOf(cart: CartView | undefined): Map<number, CheckState> {
  const next = new Map<number, CheckState>();
  for (const i of cart?.items ?? []) next.set(i.cartitemid, { status: i.status, alternative: i.alternative ?? null });
  return next;
}

export function when(local: string | null, tz: string, instant?: string | null): string {
  if (!local) return "Time to be confirmed";
  return formatLocalDateTime(local, { timeZone: tz, instant, today: todayIn(tz, Date.now()) });
}

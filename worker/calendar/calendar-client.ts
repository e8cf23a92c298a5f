import type { Alternative, Refusal } from "../../durable/calendar/rpc-types";
import { formatLocal, iso } from "../../domain/calendar/time";
import { AppError } from "../http/errors";

/**
 * The Worker's side of the vendor calendar: reaching a vendor's object and turning its refusals into the
 * one error path (worker/app.ts onError), with the nearest free time attached for the UI to highlight.
 */
export function calendarFor(env: Env, vendorId: number) {
  return env.VENDOR_CALENDAR.get(env.VENDOR_CALENDAR.idFromName(String(vendorId)));
}

export interface AlternativeView {
  /** "YYYY-MM-DD HH:MM" in the service address's zone. */
  selectedDate: string;
  selected_at: string;
}

export function alternativeView(alt: Alternative | null | undefined, tz: string): AlternativeView | null {
  if (!alt) return null;
  return { selectedDate: formatLocal(alt.start, tz), selected_at: iso(alt.start) };
}

/**
 * A refused hold as an API error: `{ error: { code, message, fields?, alternative, cartitemid? } }`.
 * CART_ITEM_NOT_AVAILABLE and CART_ITEM_DATE_CHANGED carry `alternative` (null when nothing is free).
 */
export class CalendarRefusal extends AppError {
  constructor(
    refusal: Pick<Refusal, "code" | "fields">,
    readonly alternative: AlternativeView | null,
    /** The cart item the refusal is about (set by the cart endpoints). */
    public cartitemid?: number,
  ) {
    super(refusal.code, refusal.fields);
  }

  override toBody() {
    const body = super.toBody();
    const extra: Record<string, unknown> = { alternative: this.alternative };
    if (this.cartitemid !== undefined) extra.cartitemid = this.cartitemid;
    Object.assign(body.error, extra);
    return body;
  }
}

export function refusalError(refusal: Refusal, tz: string, cartitemid?: number): CalendarRefusal {
  return new CalendarRefusal(refusal, alternativeView(refusal.alternative, tz), cartitemid);
}

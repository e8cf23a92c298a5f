import * as v from "valibot";
import { Id } from "./checkout";

/** Payloads of the visit's calendar, "book again" and favourite pros (docs/decisions/152, 153). */

/** /api/account/favourites/:vendor_id */
export const FavouriteParam = v.object({ vendor_id: Id });

/**
 * /api/calendar/visit/:file, `{token}.ics`. Bounded only: a malformed token answers NOT_FOUND like an unknown
 * one (worker/visit-plan/visit-calendar.ts), so the answer never tells a probe which is which.
 */
export const VisitCalendarFileParam = v.object({ file: v.pipe(v.string(), v.maxLength(100)) });

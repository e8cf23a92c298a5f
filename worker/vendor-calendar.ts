import { VendorCalendarObject } from "../durable/vendor-calendar";
import type { OfferProgress } from "../durable/calendar/rpc-types";
import { advanceOffers } from "./jobs/offer-rounds";

/**
 * The calendar Durable Object as the Worker binds it (wrangler.toml `VENDOR_CALENDAR`, class `VendorCalendar`,
 * exported by each entry): the object of durable/vendor-calendar.ts with its one Worker step, the offer rounds
 * its alarm runs for the jobs it watches (worker/jobs/offer-rounds.ts). The object itself imports only domain/
 * and schema/, so the workflow (cancellation, refunds, texts, search) reaches it only through this hook.
 */
export class VendorCalendar extends VendorCalendarObject {
  protected override advanceOffer(serviceOrderId: number, now: number): Promise<OfferProgress> {
    return advanceOffers(this.env, serviceOrderId, now);
  }
}

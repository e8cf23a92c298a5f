import type { MatchedServiceSlots, VendorServiceSlots } from "../../schema/payloads/cart";
import { call } from "./api-client";
import { bookingClient } from "./api-clients";

/**
 * POST /api/booking/getServicesData for free start times (docs/api-cart.md), shared by the service and
 * vendor pages (pick a time) and the cart (change a time). Times are local to `time_zone`, and the cart
 * takes them back exactly as listed.
 */

/** processType 1: one pro's free starts for one service over the booking horizon (89 days). */
export async function getVendorTimes(
  input: { zipCode: string; serviceId: number; vendorId: number; cart?: number[] },
  signal?: AbortSignal,
): Promise<VendorServiceSlots> {
  const data = await call(
    (o) =>
      bookingClient.getServicesData.$post(
        {
          json: {
            processType: 1,
            zipCode: input.zipCode,
            services: [{ serviceId: input.serviceId, vendorId: input.vendorId }],
            cart: input.cart ?? [],
          },
        },
        o,
      ),
    { signal },
  );
  // The route answers each processType's shape (worker/api/booking/availability.ts): this one is a pro's times.
  const first = data[0];
  if (!first || Array.isArray(first) || "window" in first) throw new Error("No availability in the answer");
  return first;
}

/** processType 2: every pro serving the ZIP, counted per start over the matching window ("any pro"). */
export async function getAnyProTimes(
  input: { zipCode: string; serviceId: number; cart?: number[] },
  signal?: AbortSignal,
): Promise<MatchedServiceSlots> {
  const data = await call(
    (o) =>
      bookingClient.getServicesData.$post(
        {
          json: {
            processType: 2,
            zipCode: input.zipCode,
            services: [{ serviceId: input.serviceId }],
            cart: input.cart ?? [],
          },
        },
        o,
      ),
    { signal },
  );
  // The route answers each processType's shape: this one counts pros per start over a window.
  const first = data[0];
  if (!first || Array.isArray(first) || !("window" in first)) throw new Error("No availability in the answer");
  return first;
}

/** One day of a slot picker, whichever search produced it. */
export interface PickerDay {
  date: string;
  holiday?: string;
  times: Array<{ time: string; note?: string }>;
}

export function vendorPickerDays(slots: VendorServiceSlots): PickerDay[] {
  return slots.days.map((d) => ({ date: d.date, holiday: d.holiday, times: d.times.map((time) => ({ time })) }));
}

export function anyProPickerDays(slots: MatchedServiceSlots): PickerDay[] {
  return slots.days.map((d) => ({
    date: d.date,
    holiday: d.holiday,
    times: d.slots.map((s) => {
      const n = s.standard_vendor_count + s.pro_vendor_count;
      return { time: s.time, note: `${n} ${n === 1 ? "pro" : "pros"} free` };
    }),
  }));
}

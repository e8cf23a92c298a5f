import type { MatchedServiceSlots, VendorServiceSlots } from "../../schema/payloads/cart";
import { apiRequest } from "./api-client";

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
  const data = await apiRequest<VendorServiceSlots[]>("/booking/getServicesData", {
    json: {
      processType: 1,
      zipCode: input.zipCode,
      services: [{ serviceId: input.serviceId, vendorId: input.vendorId }],
      cart: input.cart ?? [],
    },
    signal,
  });
  const first = data[0];
  if (!first) throw new Error("No availability in the answer");
  return first;
}

/** processType 2: every pro serving the ZIP, counted per start over the matching window ("any pro"). */
export async function getAnyProTimes(
  input: { zipCode: string; serviceId: number; cart?: number[] },
  signal?: AbortSignal,
): Promise<MatchedServiceSlots> {
  const data = await apiRequest<MatchedServiceSlots[]>("/booking/getServicesData", {
    json: {
      processType: 2,
      zipCode: input.zipCode,
      services: [{ serviceId: input.serviceId }],
      cart: input.cart ?? [],
    },
    signal,
  });
  const first = data[0];
  if (!first) throw new Error("No availability in the answer");
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

import type { VendorLiveEvent } from "../../schema/payloads/vendor-live";
import { calendarFor } from "./calendar-client";

/**
 * Pushes an event to a vendor's open dashboards through the vendor's calendar object (it holds the
 * sockets). Best effort: a push that fails is logged, never thrown, because the dashboard resyncs from
 * main-details on every reconnect and nothing is lost while it was offline.
 */
export async function notifyVendor(env: Env, vendorId: number, event: VendorLiveEvent): Promise<void> {
  try {
    await calendarFor(env, vendorId).notify(event);
  } catch (err) {
    console.error(JSON.stringify({ at: "notifyVendor", vendor_id: vendorId, type: event.type, error: String(err) }));
  }
}

export async function notifyVendors(env: Env, vendorIds: Iterable<number>, event: VendorLiveEvent): Promise<void> {
  await Promise.all([...new Set(vendorIds)].map((id) => notifyVendor(env, id, event)));
}

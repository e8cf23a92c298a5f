/**
 * Live pushes to a vendor's open dashboards (issue 8 contract, /work/issues/issue8-contract.md): events
 * are JSON like `{"type":"job.changed","service_order_id":12,"at":1700000000000}`. The vendor's calendar
 * object holds the sockets; until the lead wires this to it, the push is a no-op. It never throws: a live
 * push is a hint to refetch, never the record, so a failure must not undo the change that caused it.
 */
export type VendorEvent =
  | { type: "offer.new"; service_order_id: number; at: number }
  | { type: "offer.gone"; service_order_id: number; reason: "taken" | "expired" | "cancelled"; at: number }
  | { type: "job.cancelled"; service_order_id: number; at: number }
  | { type: "job.rescheduled"; service_order_id: number; at: number }
  | { type: "reschedule.requested"; service_order_id: number; at: number }
  | { type: "job.changed"; service_order_id: number; at: number };

/**
 * Where the lead wires the push (the calendar object's broadcast RPC, issue 8). Until then it only records
 * the event in the log, so callers are already in place and a missing socket changes nothing.
 */
export async function notifyVendor(env: Env, vendorId: number, event: VendorEvent): Promise<void> {
  void env;
  console.log(JSON.stringify({ log: "notifyVendor", vendor_id: vendorId, event }));
}

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { busyRows, calendarOf } from "../../calendar/test-fixtures";
import { bookedJob, world } from "../../checkout/test-fixtures";
import { T0 } from "../../test-utils";

describe("POST /api/order/cancel of an 'any pro' job nobody has taken", () => {
  it("frees the time the checkout booked on the pro who held it", async () => {
    const w = await world({ vendors: 2 });
    const { soId, client } = await bookedJob(w, null);
    const holder = (await env.DB.prepare("SELECT hold_vendor_id AS v FROM checkout_items WHERE service_order_id = ?")
      .bind(soId)
      .first<{ v: number }>())!.v;
    expect(await busyRows(holder)).toMatchObject([{ kind: "booking", ref_id: String(soId) }]);

    const res = await client.post("/api/order/cancel", { service_order_id: soId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.cancellation).toMatchObject({ reason: "no-vendor" });
    expect(await busyRows(holder)).toEqual([]);
    const inObject = await calendarOf(holder).listBusy({ vendorId: holder, now: T0 });
    expect(inObject.filter((b) => b.kind === "booking")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { count, outboxTo, vendorPhone } from "../../checkout/test-fixtures";
import { acceptedJob } from "../../jobs/test-fixtures";
import { T0 } from "../../test-utils";

const explanation = "My child was taken to hospital that morning.";
const reliability = (vendorId: number) => count("SELECT reliability AS n FROM vendors WHERE vendor_id = ?", vendorId);

/** A job the pro gave back, with its penalty (5 for an emergency, 10 for cannot provide, 0 when unsafe). */
async function gaveBack(path: "emergency-reschedule" | "cannot-provide-service", reason = "emergency") {
  const j = await acceptedJob();
  const res = await j.vendor.post(`/api/vendor/me/${path}`, { service_order_id: j.soId, reason });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const list = await j.vendor.get("/api/vendor/me/exceptions");
  return { j, incidents: list.body.data as Array<{ incident_id: number; penalty: number; exception_status: null }> };
}

describe("exceptions: a pro asks, staff approve or deny", () => {
  it("one request an incident, even 20 at once; approval gives the points back, once, audited", async () => {
    const { j, incidents } = await gaveBack("emergency-reschedule");
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({ penalty: 5, exception_status: null });
    expect((await j.customer.get("/api/vendor/me/exceptions")).status).toBe(403);
    const vendorId = j.w.vendorIds[0]!;
    const before = await reliability(vendorId);
    const incident_id = incidents[0]!.incident_id;
    expect((await j.vendor.post("/api/vendor/me/exceptions", { incident_id, explanation: "short" })).status).toBe(400);
    expect((await j.other.post("/api/vendor/me/exceptions", { incident_id, explanation })).body.error.code).toBe(
      "NOT_FOUND",
    );
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => j.vendor.post("/api/vendor/me/exceptions", { incident_id, explanation })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) {
      expect(r.body.error.code).toBe("EXCEPTION_ALREADY_REQUESTED");
    }
    const exceptionId = replies.find((r) => r.status === 200)!.body.data.exception_id as number;

    const { client } = await signedInAdmin();
    const queue = await client.get("/api/admin/exceptions?status=pending");
    expect(queue.body.data.items.map((e: { exception_id: number }) => e.exception_id)).toContain(exceptionId);
    expect((await client.get("/api/admin/exceptions?status=maybe")).status).toBe(400);
    expect((await client.post(`/api/admin/exceptions/${exceptionId}/approve`, { reason: "ok" })).status).toBe(400);
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () =>
        client.post(`/api/admin/exceptions/${exceptionId}/approve`, { reason: "Hospital note checked" }),
      ),
    );
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of approvals.filter((r) => r.status !== 200))
      expect(r.body.error.code).toBe("STAFF_ACTION_NOT_ALLOWED");
    expect(await reliability(vendorId)).toBe(before + 5);
    const rows = await auditRowsFor("vendor_exception", exceptionId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe("exception.approve");
    expect(JSON.parse(rows[0]!.after_value!)).toEqual({ status: "approved", reliability: before + 5 });
    expect((await outboxTo(await vendorPhone(vendorId))).at(-1)).toMatch(/5 reliability points are back/);
    expect((await client.post(`/api/admin/exceptions/${exceptionId}/deny`, { reason: "Changed my mind" })).status).toBe(
      409,
    );
    const mine = await j.vendor.get("/api/vendor/me/exceptions");
    expect(mine.body.data[0].exception_status).toBe("approved");
  });

  it("deny keeps the penalty; no request without a penalty or after 14 days", async () => {
    const { j, incidents } = await gaveBack("cannot-provide-service", "not_offered");
    const vendorId = j.w.vendorIds[0]!;
    const before = await reliability(vendorId);
    const asked = await j.vendor.post("/api/vendor/me/exceptions", {
      incident_id: incidents[0]!.incident_id,
      explanation,
    });
    expect(asked.status).toBe(200);
    const { client } = await signedInAdmin();
    const id = asked.body.data.exception_id;
    const denied = await client.post(`/api/admin/exceptions/${id}/deny`, { reason: "No proof was sent" });
    expect(denied.status, JSON.stringify(denied.body)).toBe(200);
    expect(await reliability(vendorId)).toBe(before);
    expect((await auditRowsFor("vendor_exception", id)).map((r) => r.action)).toEqual(["exception.deny"]);

    const safe = await acceptedJob();
    await safe.vendor.post("/api/vendor/me/cannot-provide-service", { service_order_id: safe.soId, reason: "unsafe" });
    expect((await safe.vendor.get("/api/vendor/me/exceptions")).body.data).toHaveLength(0);

    const old = await gaveBack("emergency-reschedule");
    old.j.vendor.now = T0 + 15 * 24 * 3_600_000;
    const tooLate = await old.j.vendor.post("/api/vendor/me/exceptions", {
      incident_id: old.incidents[0]!.incident_id,
      explanation,
    });
    expect(tooLate.body.error.code).toBe("EXCEPTION_NOT_ALLOWED");
    expect((await client.post("/api/admin/exceptions/999999999/approve", { reason: "No such thing" })).status).toBe(
      404,
    );
  });
});

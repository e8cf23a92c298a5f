import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { auditRowsFor } from "../admin/test-fixtures";
import { connectWorld, secondPro } from "./test-fixtures";

/**
 * Candidates for a business request are the booking search's (docs/decisions/123): a pro whose range reaches
 * the request's address and who is free at its time. A pro 1,000 miles away or busy then is not listed, cannot
 * be assigned or offered it, and cannot schedule it.
 */

async function world() {
  const w = await connectWorld({ assign: false });
  // 1,000 miles away: Miami, from a request in the fixtures' 30-45 N, 100-107 W box.
  const far = await secondPro(w.serviceId);
  await env.DB.prepare("UPDATE vendors SET latitude = 25.77, longitude = -80.19 WHERE vendor_id = ?")
    .bind(far.vendorId)
    .run();
  // At the request's ZIP, but off for the afternoon of the request.
  const busy = await secondPro(w.serviceId);
  const off = await busy.vendorClient.post("/api/vendor/me/calendar/time-off", {
    start: "2026-11-30 13:00",
    end: "2026-11-30 17:00",
  });
  expect(off.status, JSON.stringify(off.body)).toBe(201);
  return { ...w, far: far.vendorId, busy: busy.vendorId, farClient: far.vendorClient, busyClient: busy.vendorClient };
}

describe("who can take a business request", () => {
  it("lists only pros in range and free; assigning or offering anyone else is refused and writes nothing", async () => {
    const w = await world();
    const pros = await w.staff.get(`/api/connect/admin/requests/${w.id}/pros`);
    expect(pros.status).toBe(200);
    expect(pros.body.data.map((p: { vendor_id: number }) => p.vendor_id)).toEqual([w.world.vendorId]);

    const far = await w.staff.post(`/api/connect/admin/requests/${w.id}/assign`, { vendor_id: w.far });
    expect([far.status, far.body.error.code]).toEqual([400, "INVALID_INPUT"]);
    const busy = await w.staff.post(`/api/connect/admin/requests/${w.id}/assign`, { vendor_id: w.busy });
    expect([busy.status, busy.body.error.code]).toEqual([409, "CONNECT_PRO_NOT_FREE"]);
    for (const [ids, code] of [
      [[w.world.vendorId, w.far], "INVALID_INPUT"],
      [[w.world.vendorId, w.busy], "CONNECT_PRO_NOT_FREE"],
    ] as const) {
      const res = await w.staff.post(`/api/connect/admin/requests/${w.id}/offer`, { vendor_ids: ids });
      expect(res.body.error.code).toBe(code);
    }
    expect(await auditRowsFor("connect_request", w.id)).toHaveLength(0);

    // 20 staff assigning the pro who can take it at once: one assignment, one audit row.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        w.staff.post(`/api/connect/admin/requests/${w.id}/assign`, { vendor_id: w.world.vendorId }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await auditRowsFor("connect_request", w.id)).toHaveLength(1);
  });

  it("a pro whose range does not reach the address cannot schedule a request assigned to them", async () => {
    const w = await world();
    // As main allowed before: the request assigned to the pro 1,000 miles away.
    await env.DB.prepare("UPDATE connect_requests SET status = 'assigned', vendor_id = ? WHERE connect_request_id = ?")
      .bind(w.far, w.id)
      .run();
    const res = await w.farClient.post("/api/vendor/me/vendor-connect-schedule", {
      connect_request_id: w.id,
      sessions: 1,
    });
    expect([res.status, res.body.error.code]).toEqual([400, "INVALID_INPUT"]);
    const row = await env.DB.prepare(
      "SELECT status, service_order_id FROM connect_requests WHERE connect_request_id = ?",
    )
      .bind(w.id)
      .first<{ status: string; service_order_id: number | null }>();
    expect(row).toEqual({ status: "assigned", service_order_id: null });
  });

  it("reassigning a scheduled request to a pro out of range is refused", async () => {
    const w = await world();
    expect(
      (await w.staff.post(`/api/connect/admin/requests/${w.id}/assign`, { vendor_id: w.world.vendorId })).status,
    ).toBe(200);
    const scheduled = await w.world.vendorClient.post("/api/vendor/me/vendor-connect-schedule", {
      connect_request_id: w.id,
      sessions: 1,
    });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    const res = await w.staff.post(`/api/connect/admin/requests/${w.id}/reassign`, {
      vendor_id: w.far,
      reason: "The pro is unwell",
    });
    expect([res.status, res.body.error.code]).toEqual([400, "INVALID_INPUT"]);
    const job = await env.DB.prepare("SELECT vendor_id FROM service_orders WHERE service_order_id = ?")
      .bind(scheduled.body.data.service_order_id)
      .first<{ vendor_id: number }>();
    expect(job!.vendor_id).toBe(w.world.vendorId);
  });
});

describe("a pro proposes another time", () => {
  it("the refusal names a free time; the pro proposes it; staff accept it once and the pro schedules it", async () => {
    const w = await connectWorld();
    const pro = w.world.vendorClient;
    // The pro is off at the requested time (14:00-17:00): scheduling is refused with the nearest free time.
    expect(
      (await pro.post("/api/vendor/me/calendar/time-off", { start: "2026-11-30 13:00", end: "2026-11-30 17:00" }))
        .status,
    ).toBe(201);
    const refused = await pro.post("/api/vendor/me/vendor-connect-schedule", { connect_request_id: w.id, sessions: 1 });
    expect(refused.status).toBe(409);
    const alternative = refused.body.error.alternative as { selectedDate: string };
    expect(alternative.selectedDate).toMatch(/^2026-11-30 /);

    // Bad proposals: the past, the requested time, a time the pro is off, another pro's request, bad input.
    for (const [body, code] of [
      [{ connect_request_id: w.id, selectedDate: "2026-11-01 10:00" }, "INVALID_INPUT"],
      [{ connect_request_id: w.id, selectedDate: "2026-11-30 14:00" }, "INVALID_INPUT"],
      [{ connect_request_id: w.id, selectedDate: "2026-11-30 15:00" }, "CONNECT_PRO_NOT_FREE"],
      [{ connect_request_id: w.id, selectedDate: "tomorrow" }, "INVALID_INPUT"],
      [{ connect_request_id: w.id + 1000, selectedDate: alternative.selectedDate }, "NOT_FOUND"],
    ] as const) {
      const res = await pro.post("/api/vendor/me/vendor-connect-propose", body);
      expect(res.body.error?.code, JSON.stringify(body)).toBe(code);
    }
    const other = await secondPro(w.serviceId);
    const foreign = await other.vendorClient.post("/api/vendor/me/vendor-connect-propose", {
      connect_request_id: w.id,
      selectedDate: alternative.selectedDate,
    });
    expect(foreign.body.error.code).toBe("NOT_FOUND");

    const proposed = await pro.post("/api/vendor/me/vendor-connect-propose", {
      connect_request_id: w.id,
      selectedDate: alternative.selectedDate,
    });
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    expect(proposed.body.data.proposed_local_time).toBe(alternative.selectedDate);
    const queue = await w.staff.get("/api/connect/admin/requests?status=assigned");
    const row = queue.body.data.items.find((r: { connect_request_id: number }) => r.connect_request_id === w.id);
    expect(row).toMatchObject({ proposed_local_time: alternative.selectedDate });

    // 20 staff accepting at once: one move, one audit row.
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => w.staff.post(`/api/connect/admin/requests/${w.id}/accept-proposal`, {})),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.body.error.code === "STAFF_ACTION_NOT_ALLOWED")).toBe(
      true,
    );
    const audits = await auditRowsFor("connect_request", w.id);
    expect(audits.filter((a) => a.action === "connect_request.accept_proposal")).toHaveLength(1);

    const booked = await pro.post("/api/vendor/me/vendor-connect-schedule", { connect_request_id: w.id, sessions: 1 });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body.data.promised_arrival_time).toBe(alternative.selectedDate);
  });
});

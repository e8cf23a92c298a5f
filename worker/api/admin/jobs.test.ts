import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { auditRowsFor, signedInAdmin } from "../../admin/test-fixtures";
import { CARDS, count, outboxTo, saveCard } from "../../checkout/test-fixtures";
import { acceptedJob, JOB_START } from "../../jobs/test-fixtures";

const reason = "Client called: family emergency";

async function jobState(soid: number) {
  return env.DB.prepare(
    "SELECT vendor_id, service_order_status_id AS s, promised_arrival_time AS t FROM service_orders WHERE service_order_id = ?",
  )
    .bind(soid)
    .first<{ vendor_id: number | null; s: number; t: number }>();
}

describe("POST /api/admin/jobs/:id/suspend", () => {
  it("suspends once with a reduced fee charged to the saved card; one audit row; a second try is refused", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.ok);
    const { client } = await signedInAdmin();
    const path = `/api/admin/jobs/${j.soId}/suspend`;
    const tooMuch = await client.post(path, { reason, fee: "reduced", fee_cents: 1500 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.code).toBe("STAFF_CHARGE_OUT_OF_LIMITS");
    expect((await client.post(path, { reason, fee: "halved" })).body.error.code).toBe("INVALID_INPUT");
    expect(await auditRowsFor("service_order", j.soId)).toHaveLength(0);

    const replies = await Promise.all(
      Array.from({ length: 20 }, () => client.post(path, { reason, fee: "reduced", fee_cents: 800 })),
    );
    const ok = replies.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of replies.filter((r) => r.status !== 200)) expect(r.body.error.code).toBe("STAFF_ACTION_NOT_ALLOWED");
    expect(ok[0]!.body.data).toMatchObject({ fee: "reduced", fee_cents: 800, fee_charge: { status: "succeeded" } });
    expect((await jobState(j.soId))!.s).toBe(ServiceOrderStatus.SUSPENDED);
    expect(
      await count(
        "SELECT count(*) AS n FROM staff_charges WHERE service_order_id = ? AND kind = 'suspension_fee' AND amount_cents = 800 AND status = 'succeeded'",
        j.soId,
      ),
    ).toBe(1);
    const rows = await auditRowsFor("service_order", j.soId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe("job.suspend");
    expect(JSON.parse(rows[0]!.after_value!)).toMatchObject({ fee: "reduced", fee_cents: 800 });
    expect((await outboxTo(j.phone)).join("\n")).toMatch(/is on hold/);
  });

  it("waived: no charge at all; assessed: the full reschedule fee", async () => {
    const a = await acceptedJob();
    const { client } = await signedInAdmin();
    const waived = await client.post(`/api/admin/jobs/${a.soId}/suspend`, { reason, fee: "waived" });
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    expect(waived.body.data).toMatchObject({ fee_cents: 0, fee_charge: null });
    expect(await count("SELECT count(*) AS n FROM staff_charges WHERE service_order_id = ?", a.soId)).toBe(0);
    const b = await acceptedJob();
    await saveCard(b.customerUserId, CARDS.ok);
    const assessed = await client.post(`/api/admin/jobs/${b.soId}/suspend`, { reason, fee: "assessed" });
    expect(assessed.body.data).toMatchObject({ fee_cents: 1500, fee_charge: { status: "succeeded" } });
    // A fee that would pass the job's staff-charge cap (price + $100.00) is refused and nothing changes.
    const c = await acceptedJob({ price: 9000 });
    await env.DB.prepare(
      `INSERT INTO staff_charges (kind, user_id, service_order_id, amount_cents, reason, status, idempotency_key,
         created_by_user_id, created_at, updated_at) VALUES ('charge', ?1, ?2, 18000, 'earlier', 'succeeded', ?3, ?1, 0, 0)`,
    )
      .bind(c.customerUserId, c.soId, `fixture-${c.soId}`)
      .run();
    const capped = await client.post(`/api/admin/jobs/${c.soId}/suspend`, { reason, fee: "assessed" });
    expect(capped.body.error.code).toBe("STAFF_CHARGE_OUT_OF_LIMITS");
    expect((await jobState(c.soId))!.s).toBe(ServiceOrderStatus.SCHEDULED);
    expect(await auditRowsFor("service_order", c.soId)).toHaveLength(0);
  });
});

describe("POST /api/admin/jobs/:id/reschedule", () => {
  it("moves a job only with the fee waived, re-offers it at the new time, audited once", async () => {
    const j = await acceptedJob();
    const { client } = await signedInAdmin();
    const path = `/api/admin/jobs/${j.soId}/reschedule`;
    const feeFirst = await client.post(path, { reason, date: "2026-11-24", time: "11:00", fee: "assessed" });
    expect(feeFirst.status).toBe(409);
    expect(feeFirst.body.error.code).toBe("RESCHEDULE_FEE_NOT_WAIVED");
    const past = await client.post(path, { reason, date: "2026-11-01", time: "11:00", fee: "waived" });
    expect(past.body.error.code).toBe("INVALID_INPUT");
    expect((await client.post(path, { reason, date: "2026-11-24", time: "25:00", fee: "waived" })).status).toBe(400);
    expect(await auditRowsFor("service_order", j.soId)).toHaveLength(0);

    const res = await client.post(path, { reason, date: "2026-11-24", time: "11:00", fee: "waived" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.offered_to).toEqual([j.w.vendorIds[1]]);
    expect(await jobState(j.soId)).toEqual({
      vendor_id: null,
      s: ServiceOrderStatus.PENDING,
      t: JOB_START + 3_600_000,
    });
    expect(
      await count(
        "SELECT count(*) AS n FROM job_offers WHERE service_order_id = ? AND vendor_id = ? AND status = 'offered'",
        j.soId,
        j.w.vendorIds[1],
      ),
    ).toBe(1);
    const rows = await auditRowsFor("service_order", j.soId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.action).toBe("job.reschedule");
    expect(JSON.parse(rows[0]!.before_value!)).toMatchObject({ vendor_id: j.w.vendorIds[0] });
    expect((await outboxTo(j.phone)).at(-1)).toMatch(/moved to Tue, Nov 24 at 11:00 AM EST\./);
    // The same time again is refused with the catalogue's code.
    expect(
      (await client.post(path, { reason, date: "2026-11-24", time: "11:00", fee: "waived" })).body.error.code,
    ).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME");
  });

  it("a suspended job is rescheduled with its fee already decided", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.ok);
    const { client } = await signedInAdmin();
    expect((await client.post(`/api/admin/jobs/${j.soId}/suspend`, { reason, fee: "assessed" })).status).toBe(200);
    const res = await client.post(`/api/admin/jobs/${j.soId}/reschedule`, {
      reason,
      date: "2026-11-25",
      time: "10:00",
      fee: "assessed",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await jobState(j.soId))!.s).toBe(ServiceOrderStatus.PENDING);
    expect((await auditRowsFor("service_order", j.soId)).map((r) => r.action)).toEqual([
      "job.suspend",
      "job.reschedule",
    ]);
    const view = await client.get(`/api/admin/jobs/${j.soId}`);
    expect(view.body.data).toMatchObject({ may_suspend: true, may_reschedule: true, local_time: "2026-11-25 10:00" });
    expect((await client.get("/api/admin/jobs/abc")).status).toBe(400);
  });
});

describe("staff reschedule leaves the previous pro out", () => {
  it("of the new offers, of accepting, and of a second reschedule's offers", async () => {
    const j = await acceptedJob();
    const [previous, other] = [j.w.vendorIds[0]!, j.w.vendorIds[1]!];
    const { client } = await signedInAdmin();
    const path = `/api/admin/jobs/${j.soId}/reschedule`;
    const first = await client.post(path, { reason, date: "2026-11-24", time: "11:00", fee: "waived" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.offered_to).toEqual([other]);
    const offerOf = (vendorId: number) =>
      env.DB.prepare("SELECT status FROM job_offers WHERE service_order_id = ? AND vendor_id = ?")
        .bind(j.soId, vendorId)
        .first<{ status: string }>();
    expect(await offerOf(previous)).toEqual({ status: "declined" });
    expect(await offerOf(other)).toEqual({ status: "offered" });
    // The previous pro cannot take it back, and their dashboard does not offer it.
    const grab = await j.vendor.post("/api/vendor/me/jobs/accept", { service_order_id: j.soId });
    expect(grab.body.error.code).toBe("FAILED_VENDOR_JOB_ACCEPT");
    const offers = (await j.vendor.post("/api/vendor/me/main-details", {})).body.data[5] as Array<{
      service_order_id: number;
    }>;
    expect(offers.map((o) => o.service_order_id)).not.toContain(j.soId);

    // Moved again before anyone took it (no pro on the job now): still not the previous pro.
    const second = await client.post(path, { reason, date: "2026-11-24", time: "13:00", fee: "waived" });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.offered_to).toEqual([other]);
    expect(await offerOf(previous)).toEqual({ status: "declined" });
    expect(
      await count(
        "SELECT count(*) AS n FROM job_offers WHERE service_order_id = ? AND status = 'offered' AND vendor_id = ?",
        j.soId,
        previous,
      ),
    ).toBe(0);
  });
});

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { StaffJobRow } from "../../../schema/contracts/admin";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { signedInAdmin } from "../../admin/test-fixtures";
import { acceptedJob, JOB_START, MIN } from "../../jobs/test-fixtures";
import type { Client } from "../../test-utils";

const { PENDING, SCHEDULED, IN_PROGRESS, COMPLETED, CANCELLED, SUSPENDED } = ServiceOrderStatus;
let seq = 0;

/** A job whose customer, pro and ZIP carry a marker nobody else's do, so a search finds only what it should. */
async function markedJob(opts: { start?: number } = {}) {
  const j = await acceptedJob({ start: opts.start });
  const tag = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const zip = String(10000 + Math.floor(Math.random() * 89999));
  await env.DB.batch([
    env.DB.prepare("UPDATE users SET name = ? WHERE user_id = ?").bind(`Client ${tag}`, j.customerUserId),
    env.DB.prepare(
      "UPDATE vendors SET display_name = ? WHERE vendor_id = (SELECT vendor_id FROM service_orders WHERE service_order_id = ?)",
    ).bind(`Pro ${tag}`, j.soId),
    env.DB.prepare("UPDATE service_orders SET zipcode = ? WHERE service_order_id = ?").bind(zip, j.soId),
  ]);
  return { ...j, tag, zip };
}

async function setJob(soId: number, status: number, start?: number) {
  await env.DB.prepare(
    "UPDATE service_orders SET service_order_status_id = ?, promised_arrival_time = coalesce(?, promised_arrival_time) WHERE service_order_id = ?",
  )
    .bind(status, start ?? null, soId)
    .run();
}

/** Copies a job n times (same customer, pro and ZIP), each an hour later than the last. */
async function copies(soId: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= n; i++) {
    const row = await env.DB.prepare(
      `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status,
         promised_arrival_time, job_minutes, address, zipcode, time_zone, price_cents, vendor_payout_cents, created_at, updated_at)
       SELECT order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status,
         promised_arrival_time + ?2 * 60 * ${MIN}, job_minutes, address, zipcode, time_zone, price_cents, vendor_payout_cents,
         created_at, updated_at FROM service_orders WHERE service_order_id = ?1 RETURNING service_order_id`,
    )
      .bind(soId, i)
      .first<{ service_order_id: number }>();
    ids.push(row!.service_order_id);
  }
  return ids;
}

async function list(client: Client, query: Record<string, string>, now?: number) {
  const res = await client.get(
    `/api/admin/jobs?${new URLSearchParams(query)}`,
    now === undefined ? undefined : { "x-test-now": String(now) },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: StaffJobRow[]; page: number; page_size: number; has_more: boolean };
}

const ids = (items: StaffJobRow[]) => items.map((r) => r.service_order_id);

describe("GET /api/admin/jobs", () => {
  it("finds a job by its number, the customer's name or phone, the pro's name or the ZIP", async () => {
    const a = await markedJob();
    const b = await markedJob();
    const { client } = await signedInAdmin();
    expect(ids((await list(client, { q: String(a.soId) })).items)).toContain(a.soId);
    expect(ids((await list(client, { q: `#${a.soId}` })).items)).toContain(a.soId);
    for (const q of [`client ${a.tag}`, a.tag.toUpperCase(), `Pro ${a.tag}`, a.zip, a.phone, a.phone.slice(2)]) {
      const found = await list(client, { q });
      expect(ids(found.items), q).toContain(a.soId);
      expect(ids(found.items), q).not.toContain(b.soId);
    }
    const [row] = (await list(client, { q: `Client ${a.tag}` })).items;
    expect(row).toEqual({
      service_order_id: a.soId,
      description: expect.any(String),
      customer_name: `Client ${a.tag}`,
      vendor_name: `Pro ${a.tag}`,
      local_time: "2026-11-24 10:00",
      starts_at: new Date(JOB_START).toISOString(),
      time_zone: "America/New_York",
      zipcode: a.zip,
      price_cents: 9000,
      service_order_status_id: SCHEDULED,
      is_connect: false,
    });
    // LIKE wildcards are text, not patterns; nobody's name matches.
    expect((await list(client, { q: `%${a.tag}_` })).items).toHaveLength(0);
  });

  it("filters by state: upcoming (soonest first, not ended), unassigned, completed, cancelled, suspended", async () => {
    const a = await markedJob();
    const [later, ended, pending, done, cancelled, suspended, going] = await copies(a.soId, 7);
    const now = JOB_START + 30 * MIN;
    await setJob(a.soId, SCHEDULED, JOB_START + 2 * 60 * MIN);
    await setJob(later!, SCHEDULED, JOB_START + 24 * 60 * MIN);
    await setJob(ended!, SCHEDULED, JOB_START - 3 * 60 * MIN);
    await setJob(pending!, PENDING);
    await setJob(done!, COMPLETED);
    await setJob(cancelled!, CANCELLED);
    await setJob(suspended!, SUSPENDED);
    await setJob(going!, IN_PROGRESS, JOB_START);
    const { client } = await signedInAdmin();
    const q = a.tag;
    const mine = (items: StaffJobRow[]) => ids(items);
    expect(mine((await list(client, { q, status: "upcoming" }, now)).items)).toEqual([going, a.soId, later]);
    expect(mine((await list(client, { q, status: "unassigned" }, now)).items)).toEqual([pending]);
    expect(mine((await list(client, { q, status: "completed" }, now)).items)).toEqual([done]);
    expect(mine((await list(client, { q, status: "cancelled" }, now)).items)).toEqual([cancelled]);
    expect(mine((await list(client, { q, status: "suspended" }, now)).items)).toEqual([suspended]);
    // Every job: newest appointment first.
    const all = (await list(client, { q }, now)).items;
    expect(all).toHaveLength(8);
    const times = all.map((r) => Date.parse(r.starts_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(all[0]!.service_order_id).toBe(later);
  });

  it("pages 10 at a time; the 11th job means has_more", async () => {
    const a = await markedJob();
    const more = await copies(a.soId, 9);
    const { client } = await signedInAdmin();
    const ten = await list(client, { q: a.tag });
    expect(ten).toMatchObject({ page: 1, page_size: 10, has_more: false });
    expect(ten.items).toHaveLength(10);
    const [eleventh] = await copies(a.soId, 1);
    const first = await list(client, { q: a.tag });
    expect(first.has_more).toBe(true);
    expect(first.items).toHaveLength(10);
    const second = await list(client, { q: a.tag, page: "2" });
    expect(second).toMatchObject({ page: 2, has_more: false });
    expect(second.items).toHaveLength(1);
    expect(new Set([...ids(first.items), ...ids(second.items)])).toEqual(new Set([a.soId, ...more, eleventh]));
  });

  it("answers bad query values with 400 INVALID_INPUT, never a 500", async () => {
    const { client } = await signedInAdmin();
    for (const query of [
      "status=lost",
      "page=0",
      "page=abc",
      "page=99999",
      `q=${"x".repeat(101)}`,
      "status=UPCOMING",
    ]) {
      const res = await client.get(`/api/admin/jobs?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.error.code, query).toBe("INVALID_INPUT");
    }
  });
});

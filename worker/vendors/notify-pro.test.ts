import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BRAND_NAME } from "../../domain/brand";
import { DEFAULT_PRO_REASON } from "../../domain/pro-notices";
import { signedInAdmin } from "../admin/test-fixtures";
import { CARDS, outboxTo, saveCard, vendorPhone } from "../checkout/test-fixtures";
import { acceptedJob } from "../jobs/test-fixtures";
import { vendorWorld } from "../orders/test-fixtures";
import { T0 } from "../test-utils";

/**
 * Every staff action on a pro tells them: one notice on their dashboard and the same words texted, carrying the
 * message staff wrote for the pro (or the action's default), never the staff note (docs/decisions/127).
 */

const note = "Staff only: internal note 7731";
const toPro = "Your client asked us to hold it for now";
const toCustomer = "Your pro is unwell today";

async function noticesOf(vendorId: number) {
  const { results } = await env.DB.prepare(
    "SELECT message, severity, texted_at, dedupe_key FROM notifications WHERE vendor_id = ? ORDER BY id",
  )
    .bind(vendorId)
    .all<{ message: string; severity: number; texted_at: number | null; dedupe_key: string }>();
  return results;
}

/** The one notice of this action, texted once in the same words; neither shows the staff note. */
async function expectToldOnce(vendorId: number, phone: string, contains: RegExp, reason: string) {
  const notices = (await noticesOf(vendorId)).filter((n) => contains.test(n.message));
  expect(notices, JSON.stringify(await noticesOf(vendorId))).toHaveLength(1);
  const notice = notices[0]!;
  expect(notice.message).toContain(reason);
  expect(notice.message).not.toContain(note);
  expect(notice.texted_at).not.toBeNull();
  const texts = (await outboxTo(phone)).filter((t) => contains.test(t));
  expect(texts).toEqual([`${BRAND_NAME}: ${notice.message}`]);
  for (const t of await outboxTo(phone)) expect(t).not.toContain(note);
  return notice;
}

describe("staff job actions tell the pro", () => {
  it("suspend: the pro reads staff's message, the customer reads theirs, neither reads the staff note (fee too)", async () => {
    const j = await acceptedJob();
    await saveCard(j.customerUserId, CARDS.ok);
    const vendorId = j.w.vendorIds[0]!;
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${j.soId}/suspend`, {
      reason: note,
      fee: "assessed",
      pro_message: toPro,
      customer_message: toCustomer,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fee_charge).toMatchObject({ status: "succeeded" });
    const notice = await expectToldOnce(vendorId, await vendorPhone(vendorId), /on hold/, toPro);
    expect(notice.severity).toBe(2);
    // The dashboard's notices list is this table.
    const list = await j.vendor.get("/api/vendor/me/notification");
    expect(list.body.data[0].map((n: { message: string }) => n.message)).toContain(notice.message);
    // The customer: the hold text with staff's message to them, and the fee's receipt, without the staff note.
    const customerTexts = await outboxTo(j.phone);
    expect(customerTexts.some((t) => t.includes("is on hold") && t.includes(toCustomer))).toBe(true);
    expect(customerTexts.some((t) => t.startsWith("Receipt: $15.00 for Reschedule fee"))).toBe(true);
    for (const t of customerTexts) {
      expect(t).not.toContain(note);
      expect(t).not.toContain(toPro);
    }
  });

  it("suspend with a fee and no saved card: the customer's pay link names the fee, not the staff note", async () => {
    const j = await acceptedJob();
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${j.soId}/suspend`, { reason: note, fee: "assessed" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fee_charge).toMatchObject({ status: "link_sent" });
    const texts = await outboxTo(j.phone);
    expect(texts.some((t) => t.includes("a charge of $15.00") && t.includes("(reschedule fee)"))).toBe(true);
    for (const t of texts) expect(t).not.toContain(note);
  });

  it("suspend with no message: the pro reads the default reason, never the staff note", async () => {
    const j = await acceptedJob();
    const vendorId = j.w.vendorIds[0]!;
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${j.soId}/suspend`, { reason: note, fee: "waived" });
    expect(res.status).toBe(200);
    await expectToldOnce(vendorId, await vendorPhone(vendorId), /on hold/, DEFAULT_PRO_REASON["job.suspend"]);
  });

  it("suspend under 20 parallel requests: one notice, one text", async () => {
    const j = await acceptedJob();
    const vendorId = j.w.vendorIds[0]!;
    const { client } = await signedInAdmin();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(`/api/admin/jobs/${j.soId}/suspend`, { reason: note, fee: "waived", pro_message: toPro }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    await expectToldOnce(vendorId, await vendorPhone(vendorId), /on hold/, toPro);
  });

  it("a refused action tells no one", async () => {
    const j = await acceptedJob();
    const vendorId = j.w.vendorIds[0]!;
    const { client } = await signedInAdmin();
    const tooLong = await client.post(`/api/admin/jobs/${j.soId}/suspend`, {
      reason: note,
      fee: "waived",
      pro_message: "x".repeat(301),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe("INVALID_INPUT");
    const bad = await client.post(`/api/admin/jobs/${j.soId}/suspend`, { reason: note, fee: "waived", pro_message: 7 });
    expect(bad.status).toBe(400);
    expect(await noticesOf(vendorId)).toEqual([]);
    expect(await outboxTo(await vendorPhone(vendorId))).toEqual([]);
  });

  it("reschedule: the pro who had it reads the move and staff's message", async () => {
    const j = await acceptedJob();
    const vendorId = j.w.vendorIds[0]!;
    const { client } = await signedInAdmin();
    const res = await client.post(`/api/admin/jobs/${j.soId}/reschedule`, {
      reason: note,
      date: "2026-11-24",
      time: "11:00",
      fee: "waived",
      pro_message: "The client needs a later start",
      customer_message: toCustomer,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await expectToldOnce(vendorId, await vendorPhone(vendorId), /moved/, "The client needs a later start");
    expect((await outboxTo(j.phone)).some((t) => t.includes("moved to") && t.includes(toCustomer))).toBe(true);
    for (const t of await outboxTo(j.phone)) expect(t).not.toContain(note);
  });

  it("complete: the pro reads that support closed it, once under 20 parallel requests", async () => {
    const j = await acceptedJob({ start: T0 - 2 * 3_600_000 });
    const vendorId = j.w.vendorIds[0]!;
    const { client } = await signedInAdmin();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(`/api/admin/jobs/${j.soId}/complete`, {
          reason: note,
          pro_message: "You told us your phone died",
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    await expectToldOnce(vendorId, await vendorPhone(vendorId), /complete/, "You told us your phone died");
  });
});

describe("staff account actions tell the pro", () => {
  const cases = [
    { path: "soft-ban", matches: /paused new job offers/, action: "vendor.soft_ban" },
    { path: "deactivate", matches: /deactivated your account/, action: "vendor.deactivate" },
    { path: "terminate", matches: /closed your account/, action: "vendor.terminate" },
  ] as const;
  for (const c of cases) {
    it(`${c.path}: with staff's message, and with the default when it is empty`, async () => {
      const { client } = await signedInAdmin("55");
      const a = await vendorWorld();
      const res = await client.post(`/api/admin/vendors/${a.vendorId}/${c.path}`, {
        reason: note,
        pro_message: toPro,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await expectToldOnce(a.vendorId, a.vendorPhone, c.matches, toPro);
      const b = await vendorWorld();
      expect((await client.post(`/api/admin/vendors/${b.vendorId}/${c.path}`, { reason: note })).status).toBe(200);
      await expectToldOnce(b.vendorId, b.vendorPhone, c.matches, DEFAULT_PRO_REASON[c.action]);
    });
  }

  it("reactivate: the pro reads that they are back", async () => {
    const w = await vendorWorld();
    const { client } = await signedInAdmin();
    expect((await client.post(`/api/admin/vendors/${w.vendorId}/deactivate`, { reason: note })).status).toBe(200);
    const res = await client.post(`/api/admin/vendors/${w.vendorId}/reactivate`, {
      reason: note,
      pro_message: "Thanks for sending your new licence",
    });
    expect(res.status).toBe(200);
    await expectToldOnce(w.vendorId, w.vendorPhone, /reactivated/, "Thanks for sending your new licence");
    // The notice is on the dashboard the pro can open again.
    const list = await w.vendorClient.get("/api/vendor/me/notification");
    expect(list.status).toBe(200);
    expect(list.body.data[0].some((n: { message: string }) => n.message.includes("reactivated"))).toBe(true);
  });

  it("restrict: the notice names the service, and the services screen shows the reason beside it", async () => {
    const w = await vendorWorld();
    const { client } = await signedInAdmin();
    const why = "Two clients reported burns from waxing";
    const res = await client.post(`/api/admin/vendors/${w.vendorId}/services/${w.serviceId}/restrict`, {
      reason: note,
      pro_message: why,
    });
    expect(res.status).toBe(200);
    await expectToldOnce(w.vendorId, w.vendorPhone, /restricted you from/, why);
    const screen = await w.vendorClient.get("/api/services");
    expect(screen.status).toBe(200);
    const row = screen.body.data.services.find((s: { service_id: number }) => s.service_id === w.serviceId);
    expect(row).toMatchObject({ restricted: true, enabled: false, restricted_reason: why });
    // Restricted with no message: the default reason, not the staff note.
    const other = await vendorWorld();
    await client.post(`/api/admin/vendors/${other.vendorId}/services/${other.serviceId}/restrict`, { reason: note });
    const otherRow = (await other.vendorClient.get("/api/services")).body.data.services[0];
    expect(otherRow.restricted_reason).toBe(DEFAULT_PRO_REASON["service.restrict"]);
  });

  it("payout account deleted: the pro reads it, once under 20 parallel requests", async () => {
    const w = await vendorWorld();
    const { client } = await signedInAdmin();
    await env.DB.prepare(
      "INSERT INTO connected_accounts (vendor_id, provider, account_id, status, payouts_enabled, created_at, updated_at) VALUES (?, 'local', ?, 'active', 1, ?, ?)",
    )
      .bind(w.vendorId, `acct_${w.vendorId}_${Math.random()}`, T0, T0)
      .run();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () =>
        client.post(`/api/admin/vendors/${w.vendorId}/payout-account/delete`, {
          reason: note,
          pro_message: "The bank returned our last transfer",
        }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    await expectToldOnce(w.vendorId, w.vendorPhone, /payout account/, "The bank returned our last transfer");
  });
});

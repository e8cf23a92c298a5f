import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../../domain/calendar/time";
import { auditRowsFor } from "../admin/test-fixtures";
import { calendarOf } from "../calendar/test-fixtures";
import { CARDS, count, outboxTo, payIntent } from "../checkout/test-fixtures";
import { runScheduled } from "../cron";
import { Client, T0 } from "../test-utils";
import { connectWorld, secondPro } from "./test-fixtures";
import { expireConnectOffers, remindUnpaidConnectInvoices } from "./sweep";

const schedule = (client: Client, id: number, now = T0) => {
  client.now = now;
  return client.post("/api/vendor/me/vendor-connect-schedule", { connect_request_id: id, sessions: 1 });
};

/** A new request offered at T0 to two pros (the round ends at T0 + 2 hours: the start is days away). */
async function offeredWorld() {
  const w = await connectWorld({ assign: false });
  const b = await secondPro(w.serviceId);
  const offered = await w.staff.post(`/api/connect/admin/requests/${w.id}/offer`, {
    vendor_ids: [w.world.vendorId, b.vendorId],
  });
  expect(offered.status, JSON.stringify(offered.body)).toBe(200);
  expect(offered.body.data.offer_expires_at).toBe(T0 + 2 * HOUR_MS);
  return { ...w, a: w.world, b };
}

const requestRow = (id: number) =>
  env.DB.prepare(
    "SELECT status, vendor_id, service_order_id, offer_expires_at, offer_expired_at FROM connect_requests WHERE connect_request_id = ?",
  )
    .bind(id)
    .first<Record<string, number | string | null>>();

const offerStates = async (id: number) =>
  (
    await env.DB.prepare("SELECT status FROM connect_request_offers WHERE connect_request_id = ? ORDER BY vendor_id")
      .bind(id)
      .all<{ status: string }>()
  ).results.map((o) => o.status);

describe("an offer round nobody takes", () => {
  it("goes back to the queue as new, flagged; its pros no longer see it or can schedule it; once per round", async () => {
    const { staff, id, a, b } = await offeredWorld();
    const end = T0 + 2 * HOUR_MS;
    expect(await expireConnectOffers(env, end - 1)).not.toContain(id);
    expect((await requestRow(id))!.status).toBe("offered");

    // The pros see until when the offer is open.
    expect((await b.vendorClient.get("/api/vendor/me/connect-requests")).body.data).toMatchObject([
      { connect_request_id: id, shared: true, offer_expires_at: end },
    ]);
    // From the round's end the pros no longer have it, even before the cron's tick.
    a.vendorClient.now = end;
    expect((await a.vendorClient.get("/api/vendor/me/connect-requests")).body.data).toEqual([]);
    const late = await schedule(a.vendorClient, id, end);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");

    // The cron tick puts it back, once (a second tick, or two at once, change nothing more).
    await Promise.all([runScheduled(env, end), expireConnectOffers(env, end)]);
    expect(await expireConnectOffers(env, end + 5 * 60_000)).toEqual([]);
    expect(await requestRow(id)).toMatchObject({
      status: "new",
      vendor_id: null,
      offer_expires_at: null,
      offer_expired_at: end,
    });
    expect(await offerStates(id)).toEqual(["expired", "expired"]);
    const audits = (await auditRowsFor("connect_request", id)).map((r) => r.action);
    expect(audits).toEqual(["connect_request.offer", "connect_request.offer_expire"]);

    // Staff see it flagged in New; the pros can't schedule it (at any time).
    const row = async () =>
      (await staff.get("/api/connect/admin/requests?status=new")).body.data.items.find(
        (r: { connect_request_id: number }) => r.connect_request_id === id,
      );
    expect(await row()).toMatchObject({ status: "new", nobody_took_offer: true, offer_expired_at: end });
    for (const pro of [a, b]) {
      pro.vendorClient.now = T0;
      expect((await pro.vendorClient.get("/api/vendor/me/connect-requests")).body.data).toEqual([]);
      expect((await schedule(pro.vendorClient, id, T0 + HOUR_MS)).body.error.code).toBe(
        "FAILED_VENDOR_SCHEDULE_ACCEPT",
      );
    }

    // Offered again: a new round, the flag cleared, and a pro can take it.
    staff.now = end + HOUR_MS;
    const again = await staff.post(`/api/connect/admin/requests/${id}/offer`, { vendor_ids: [a.vendorId, b.vendorId] });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await row()).toBeUndefined();
    expect(await requestRow(id)).toMatchObject({ status: "offered", offer_expired_at: null });
    expect(await offerStates(id)).toEqual(["offered", "offered"]);
    const taken = await schedule(b.vendorClient, id, end + 2 * HOUR_MS);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(await expireConnectOffers(env, end + 10 * HOUR_MS)).toEqual([]);
    expect((await requestRow(id))!.status).toBe("scheduled");
  });

  it("a pro scheduling as the round ends: either the pro gets it or it goes back to the queue, never both", async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 4; round++) {
      const { id, a, b } = await offeredWorld();
      const end = T0 + 2 * HOUR_MS;
      // The pros' calls are just inside the round; the cron's tick is at its end.
      const [replies] = await Promise.all([
        Promise.all(
          Array.from({ length: 10 }, (_, i) => {
            const c = new Client();
            const pro = i % 2 ? b : a;
            c.cookie = pro.vendorClient.cookie;
            return schedule(c, id, end - 1 - round * 40);
          }),
        ),
        // The tick lands at different moments of the pros' calls from round to round.
        new Promise((r) => setTimeout(r, round * 30)).then(() => expireConnectOffers(env, end)),
        new Promise((r) => setTimeout(r, round * 30)).then(() => expireConnectOffers(env, end)),
      ]);
      const req = (await requestRow(id))!;
      const ok = replies.filter((r) => r.status === 200);
      for (const r of replies.filter((r) => r.status !== 200)) {
        expect(r.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
      }
      const jobs = await count(
        "SELECT count(*) AS n FROM service_orders WHERE order_id IN (SELECT order_id FROM orders WHERE idempotency_key = ?)",
        `connect:r${id}`,
      );
      const expiredAudits = (await auditRowsFor("connect_request", id)).filter(
        (r) => r.action === "connect_request.offer_expire",
      );
      if (req.status === "scheduled") {
        outcomes.add("pro");
        expect(jobs).toBe(1);
        expect(new Set(ok.map((r) => r.body.data.service_order_id)).size).toBe(1);
        expect((await offerStates(id)).sort()).toEqual(["lost", "won"]);
        expect(expiredAudits).toHaveLength(0);
      } else {
        outcomes.add("queue");
        expect(req).toMatchObject({ status: "new", vendor_id: null, service_order_id: null });
        expect(ok).toHaveLength(0);
        expect(jobs).toBe(0);
        expect(await offerStates(id)).toEqual(["expired", "expired"]);
        expect(expiredAudits).toHaveLength(1);
        // No pro was left holding the time.
        for (const pro of [a, b]) {
          expect(await calendarOf(pro.vendorId).listBusy({ vendorId: pro.vendorId, now: T0 })).toEqual([]);
        }
      }
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});

/** A scheduled request with an invoice sent at T0 to a business with its own phone and email. */
async function invoicedWorld() {
  const w = await connectWorld();
  const email = `billing-${w.id}@harbor.example`;
  await env.DB.prepare("UPDATE connect_requests SET email = ? WHERE connect_request_id = ?").bind(email, w.id).run();
  const res = await w.world.vendorClient.post("/api/vendor/me/vendor-connect-schedule", {
    connect_request_id: w.id,
    sessions: 2,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sent = await w.staff.post(`/api/connect/admin/requests/${w.id}/invoice`, { amount_cents: 30_000 });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  return { ...w, email, payLinkId: sent.body.data.pay_link_id as number };
}

const reminders = async (phone: string, email: string) => ({
  texts: (await outboxTo(phone)).filter((t) => /reminder that your invoice/i.test(t)).length,
  emails: (await outboxTo(email)).filter((t) => /reminder that your invoice/i.test(t)).length,
});

describe("unpaid invoice reminders", () => {
  it("go out at 3 and 7 days by text and email, at most two, once each whatever the ticks", async () => {
    const { staff, id, phone, email, payLinkId } = await invoicedWorld();
    const db = drizzle(env.DB);
    const mine = (sent: Array<{ pay_link_id: number; n: number }>) => sent.filter((s) => s.pay_link_id === payLinkId);
    expect(mine(await remindUnpaidConnectInvoices(env, db, T0 + 3 * DAY_MS - 1))).toEqual([]);
    expect(await reminders(phone, email)).toEqual({ texts: 0, emails: 0 });

    const at3 = T0 + 3 * DAY_MS;
    const ticks = await Promise.all(Array.from({ length: 5 }, () => remindUnpaidConnectInvoices(env, db, at3)));
    expect(ticks.flatMap(mine)).toEqual([{ pay_link_id: payLinkId, n: 1 }]);
    expect(mine(await remindUnpaidConnectInvoices(env, db, at3 + HOUR_MS))).toEqual([]);
    expect(await reminders(phone, email)).toEqual({ texts: 1, emails: 1 });
    const text = (await outboxTo(phone)).find((t) => t.includes("a reminder"))!;
    expect(text).toMatch(/\$300\.00/);

    const at7 = T0 + 7 * DAY_MS;
    await runScheduled(env, at7);
    expect(mine(await remindUnpaidConnectInvoices(env, db, at7))).toEqual([]);
    expect(mine(await remindUnpaidConnectInvoices(env, db, T0 + 20 * DAY_MS))).toEqual([]);
    expect(await reminders(phone, email)).toEqual({ texts: 2, emails: 2 });

    // Staff see when the last reminder went out.
    const row = (await staff.get("/api/connect/admin/requests?status=scheduled")).body.data.items.find(
      (r: { connect_request_id: number }) => r.connect_request_id === id,
    );
    expect(row).toMatchObject({ invoiced: true, paid: false, reminders: 2, last_reminder_at: at7 });
  });

  it("go by the port the invoice reached the business through, and never for a paid or replaced invoice", async () => {
    // The invoice reached the business by email only (its text failed): the reminder is an email.
    const emailOnly = await invoicedWorld();
    await env.DB.prepare("UPDATE connect_invoice_messages SET texted = 0 WHERE pay_link_id = ? AND n = 0")
      .bind(emailOnly.payLinkId)
      .run();
    // Paid: no reminder.
    const paid = await invoicedWorld();
    const m = /\?cpid=([\w-]+)&vid=(\d+)/.exec((await outboxTo(paid.phone)).join("\n"))!;
    const payer = new Client();
    const intent = await payer.post("/api/pay/secure/intent", { cpid: m[1], vid: Number(m[2]), charge_amount: "300" });
    expect(intent.status, JSON.stringify(intent.body)).toBe(200);
    await payIntent(intent.body.data.payment_intent.id, CARDS.ok);
    expect(
      (await payer.post("/api/pay/secure/confirm", { payment_intent_id: intent.body.data.payment_intent.id })).status,
    ).toBe(200);
    // Replaced by a new invoice on day 2: its reminders count from the new one.
    const replaced = await invoicedWorld();
    replaced.staff.now = T0 + 2 * DAY_MS;
    const again = await replaced.staff.post(`/api/connect/admin/requests/${replaced.id}/invoice`, {
      amount_cents: 28_000,
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);

    const db = drizzle(env.DB);
    await remindUnpaidConnectInvoices(env, db, T0 + 3 * DAY_MS);
    expect(await reminders(emailOnly.phone, emailOnly.email)).toEqual({ texts: 0, emails: 1 });
    expect(await reminders(paid.phone, paid.email)).toEqual({ texts: 0, emails: 0 });
    expect(await reminders(replaced.phone, replaced.email)).toEqual({ texts: 0, emails: 0 });
    await remindUnpaidConnectInvoices(env, db, T0 + 5 * DAY_MS);
    const r = await reminders(replaced.phone, replaced.email);
    expect(r).toEqual({ texts: 1, emails: 1 });
    expect((await outboxTo(replaced.phone)).find((t) => t.includes("a reminder"))).toMatch(/\$280\.00/);
    expect(
      await count("SELECT count(*) AS n FROM connect_invoice_messages WHERE pay_link_id = ? AND n > 0", paid.payLinkId),
    ).toBe(0);
  });
});

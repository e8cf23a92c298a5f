import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ServiceOrderStatus as S } from "../../../domain/order-status";
import { calendarOf } from "../../calendar/test-fixtures";
import { CARDS, saveCard } from "../../checkout/test-fixtures";
import { sweepRescheduleRefunds } from "../../orders/reschedule-price";
import {
  addLengthOption,
  HOUR,
  T0,
  TUE,
  WED,
  at,
  bookJob,
  calendar,
  customer,
  db,
  insertJob,
  jobRow,
  lastText,
  paidIntent,
  payments,
  vendorWorld,
} from "../../orders/test-fixtures";

/**
 * /checkout/reschedule and /checkout/reschedule-complete (docs/decisions/067): a customer's reschedule that also
 * switches to another length of the service pays the difference before the pro sees it, or gets a lower price
 * back when the pro accepts; a charged difference comes back when the request does not go through.
 */

let n = 0;

/** A pro offering a 60- and a 90-minute Swedish massage ($119, $169) and a customer's paid 60-minute job on Tuesday. */
async function massageJob(opts: { card?: string | null; member?: boolean; start?: "60" | "90" } = {}) {
  const w = await vendorWorld();
  const family = `RS${++n}X${Math.floor(Math.random() * 1e6)}-SWE`;
  const add = (minutes: number, price: number) => addLengthOption(w, family, minutes, price);
  const s60 = await add(60, 11_900);
  const s90 = await add(90, 16_900);
  const me = await customer("Maya Chen");
  const startsLong = opts.start === "90";
  const price = startsLong ? 16_900 : 11_900;
  const fee = startsLong ? 845 : 595;
  const paid = await paidIntent(me.user_id, price + fee);
  const job = await insertJob({
    userId: me.user_id,
    world: { ...w, serviceId: startsLong ? s90 : s60 },
    price,
    minutes: startsLong ? 90 : 60,
    orderTotal: price + fee,
    paymentIntentId: paid.paymentIntentId,
  });
  await env.DB.prepare("UPDATE orders SET fee_cents = ?, discount_cents = ? WHERE order_id = ?")
    .bind(fee, opts.member ? 1 : 0, job.orderId)
    .run();
  await bookJob(w, job.soid, job.start, startsLong ? 90 : 60);
  // The saved cards: only the one the test asks for (none for null).
  await env.DB.prepare("UPDATE payment_methods SET detached_at = ? WHERE user_id = ?").bind(T0, me.user_id).run();
  if (opts.card !== null) await saveCard(me.user_id, opts.card ?? CARDS.ok);
  return { w, me, soid: job.soid, orderId: job.orderId, s60, s90, orderIntent: paid.paymentIntentId, add };
}

const ask = (client: any, soid: number, selectedDate: string, service_id?: number) =>
  client.post("/api/order/reschedule/", { service_order_id: soid, selectedDate, service_id });

async function chargesFor(requestId: number) {
  const { results } = await env.DB.prepare(
    "SELECT id, status, amount_cents FROM payment_intents WHERE idempotency_key LIKE ?",
  )
    .bind(`reschedule:${requestId}:charge%`)
    .all<{ id: string; status: string; amount_cents: number }>();
  return results;
}

async function refundsOf(intentId: string) {
  const { results } = await env.DB.prepare(
    "SELECT amount_cents, status, idempotency_key FROM refunds WHERE payment_intent_id = ? ORDER BY created_at",
  )
    .bind(intentId)
    .all<{ amount_cents: number; status: string; idempotency_key: string }>();
  return results;
}

describe("GET /api/order/reschedule-times with options", () => {
  it("lists the lengths the pro offers with their prices, and the free times of the chosen one", async () => {
    const { w, me, soid, s60, s90, add } = await massageJob();
    const s180 = await add(180, 29_900);
    // Another job of the pro on Wednesday at 16:00: a 3-hour visit must start earlier before it.
    const other = await customer("Other Client");
    const busy = await insertJob({ userId: other.user_id, world: w, start: at(WED, "16:00") });
    await bookJob(w, busy.soid, busy.start);
    const res = await me.client.get(`/api/order/reschedule-times?service_order_id=${soid}`);
    expect(res.status).toBe(200);
    expect(res.body.data.options).toEqual([
      { service_id: s60, description: "Swedish Massage 60", minutes: 60, price_cents: 11_900, current: true },
      { service_id: s90, description: "Swedish Massage 90", minutes: 90, price_cents: 16_900, current: false },
      { service_id: s180, description: "Swedish Massage 180", minutes: 180, price_cents: 29_900, current: false },
    ]);
    expect(res.body.data.job_minutes).toBe(60);
    const longer = await me.client.get(`/api/order/reschedule-times?service_order_id=${soid}&service_id=${s180}`);
    expect(longer.body.data.job_minutes).toBe(180);
    const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
    const lastBefore4pm = (d: any): number =>
      Math.max(
        ...d.days
          .find((x: any) => x.date === WED)
          .times.map(minutes)
          .filter((m: number) => m < 16 * 60),
      );
    expect(lastBefore4pm(longer.body.data)).toBeLessThan(lastBefore4pm(res.body.data));
    const unknown = await me.client.get(`/api/order/reschedule-times?service_order_id=${soid}&service_id=999999`);
    expect(unknown.status).toBe(409);
    expect(unknown.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA");
  });
});

describe("a longer option: the difference is paid before the pro sees the request", () => {
  it("charges the saved card once, then the pro accepts and the job moves with its new length, price and pay", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const res = await ask(me.client, soid, `${WED} 15:00`, s90);
    expect(res.status).toBe(201);
    const requestId = res.body.data.request_id;
    expect(res.body.data.change).toEqual({
      service_id: s90,
      job_minutes: 90,
      difference_cents: 5_250,
      charge_status: "due",
      checkout_url: `/checkout/reschedule?request_id=${requestId}`,
    });
    expect(res.body.data.message).toMatch(/pay the price difference/);
    // The 90 minutes are held; the pro is not told yet and cannot answer.
    const hold = (await calendar(w)).find((b) => b.kind === "hold");
    expect(hold).toEqual({ kind: "hold", ref: "hold", start: at(WED, "15:00") });
    expect(await lastText(w.vendorPhone)).not.toMatch(/asks to move/);
    const listed = await w.vendorClient.get("/api/vendor/me/reschedule-requests");
    expect(listed.body.data).toEqual([]);
    const early = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true });
    expect(early.body.error.code).toBe("FAILED_VENDOR_SCHEDULE_ACCEPT");
    const proPending = async () =>
      (await w.vendorClient.get(`/api/vendor/me/reschedule-times?service_order_id=${soid}`)).body.data.pending;
    expect(await proPending()).toBeNull();

    const review = await me.client.post("/api/checkout/reschedule", { request_id: requestId });
    expect(review.status).toBe(200);
    expect(review.body.data).toMatchObject({
      request_id: requestId,
      status: "pending",
      from: `${TUE} 10:00`,
      selectedDate: `${WED} 15:00`,
      service_from: { description: "Swedish Massage 60", minutes: 60 },
      service_to: { service_id: s90, description: "Swedish Massage 90", minutes: 90 },
      old_price_cents: 11_900,
      new_price_cents: 16_900,
      old_fee_cents: 595,
      new_fee_cents: 845,
      old_total_cents: 12_495,
      new_total_cents: 17_745,
      difference_cents: 5_250,
      charge_status: "due",
      charged_cents: 0,
    });

    const done = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ charge_status: "paid", charged_cents: 5_250, payment_intent: null });
    expect(done.body.data.message).toMatch(/charged the price difference/);
    expect(await chargesFor(requestId)).toEqual([{ id: expect.any(String), status: "succeeded", amount_cents: 5_250 }]);
    expect(await lastText(w.vendorPhone)).toMatch(/asks to move .* to Wed, Nov 25 at 3:00 PM EST, now 90 minutes\./);
    const again = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(again.body.data.charge_status).toBe("paid");
    expect(await chargesFor(requestId)).toHaveLength(1);

    expect((await proPending()).request_id).toBe(requestId);
    const listedAfter = await w.vendorClient.get("/api/vendor/me/reschedule-requests");
    expect(listedAfter.body.data.map((r: any) => r.request_id)).toEqual([requestId]);
    w.vendorClient.now = T0 + HOUR;
    const accepted = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data.status).toBe("accepted");
    const job = await jobRow(soid);
    expect(job).toMatchObject({
      service_id: s90,
      job_minutes: 90,
      price_cents: 16_900,
      vendor_payout_cents: 11_830,
      promised_arrival_time: at(WED, "15:00"),
    });
    expect(await calendar(w, T0 + HOUR)).toEqual([{ kind: "booking", ref: String(soid), start: at(WED, "15:00") }]);
    // The booking on the pro's calendar now lasts the 90 minutes of the new option.
    const booked = await calendarOf(w.vendorId).listBusy({ vendorId: w.vendorId, now: T0 + HOUR });
    expect(booked.map((b) => b.end - b.start)).toEqual([90 * 60_000]);
    // Nothing is refunded for an accepted longer option, even by the sweep.
    await sweepRescheduleRefunds(env, db(), () => payments(T0 + 2 * HOUR), T0 + 2 * HOUR);
    expect(await refundsOf((await chargesFor(requestId))[0]!.id)).toEqual([]);
  });

  it("twenty concurrent completes charge once and tell the pro once", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => me.client.post("/api/checkout/reschedule-complete", { request_id: requestId })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body.data.charge_status))).toEqual(new Set(["paid"]));
    const charges = await chargesFor(requestId);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ status: "succeeded", amount_cents: 5_250 });
    const texts = await env.DB.prepare('SELECT count(*) AS n FROM outbox WHERE "to" = ? AND body LIKE ?')
      .bind(w.vendorPhone, "%asks to move%")
      .first<{ n: number }>();
    expect(texts!.n).toBe(1);
  });

  it("refunds the charged difference when the pro declines, once", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    const declined = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: false });
    expect(declined.body.data.status).toBe("declined");
    const charge = (await chargesFor(requestId))[0]!;
    expect(await refundsOf(charge.id)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:charge-refund` },
    ]);
    await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: false });
    await sweepRescheduleRefunds(env, db(), () => payments(T0 + HOUR), T0 + HOUR);
    expect(await refundsOf(charge.id)).toHaveLength(1);
    const review = await me.client.post("/api/checkout/reschedule", { request_id: requestId });
    expect(review.body.data).toMatchObject({ status: "declined", refund_status: "succeeded", refund_cents: 5_250 });
    expect((await jobRow(soid))!.price_cents).toBe(11_900);
  });

  it("refunds the charged difference of a request that lapsed unanswered (the cron's sweep)", async () => {
    const { me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const res = await ask(me.client, soid, `${WED} 15:00`, s90);
    const requestId = res.body.data.request_id;
    await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    const charge = (await chargesFor(requestId))[0]!;
    await sweepRescheduleRefunds(env, db(), () => payments(T0 + HOUR), T0 + HOUR);
    expect(await refundsOf(charge.id)).toEqual([]); // still open
    const lapsed = Date.parse(res.body.data.expires_at) + 1;
    // Twenty sweeps at once (two cron ticks overlapping, retries): one refund.
    await Promise.all(
      Array.from({ length: 20 }, () => sweepRescheduleRefunds(env, db(), () => payments(lapsed), lapsed)),
    );
    expect(await refundsOf(charge.id)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:charge-refund` },
    ]);
    await sweepRescheduleRefunds(env, db(), () => payments(lapsed + HOUR), lapsed + HOUR);
    expect(await refundsOf(charge.id)).toHaveLength(1);
  });

  it("refunds a paid difference when a newer request replaces it", async () => {
    const { me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    await ask(me.client, soid, `${WED} 17:00`);
    // At once, not only at the next cron tick.
    expect(await refundsOf((await chargesFor(requestId))[0]!.id)).toHaveLength(1);
    await sweepRescheduleRefunds(env, db(), () => payments(T0), T0);
    expect(await refundsOf((await chargesFor(requestId))[0]!.id)).toHaveLength(1);
  });
});

describe("cancelling after a longer option was accepted", () => {
  it("refunds the paid difference with the order's own refund, once", async () => {
    const { w, me, soid, s90, orderIntent } = await massageJob({ card: CARDS.ok });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true });
    const cancelled = await me.client.post("/api/order/cancel", { service_order_id: soid });
    expect(cancelled.status).toBe(200);
    const charge = (await chargesFor(requestId))[0]!;
    expect(await refundsOf(charge.id)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:charge-refund` },
    ]);
    expect((await refundsOf(orderIntent)).length).toBe(1);
    await me.client.post("/api/order/cancel", { service_order_id: soid });
    await sweepRescheduleRefunds(env, db(), () => payments(T0 + HOUR), T0 + HOUR);
    expect(await refundsOf(charge.id)).toHaveLength(1);
  });
});

describe("paying the difference: the card's answers", () => {
  it("hands the bank's check to the browser, then completes once authenticated", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: CARDS.threeDS });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    const first = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(first.status).toBe(200);
    expect(first.body.data.charge_status).toBe("requires_action");
    const pi = first.body.data.payment_intent;
    expect(pi).toMatchObject({ status: "requires_action", amount_cents: 5_250, client_secret: expect.any(String) });
    expect(await lastText(w.vendorPhone)).not.toMatch(/asks to move/);
    const retry = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(retry.body.data.payment_intent.id).toBe(pi.id);
    const auth = await me.client.post("/api/payments/local/authenticate", {
      client_secret: pi.client_secret,
      approve: true,
    });
    expect(auth.status).toBe(200);
    const done = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(done.body.data).toMatchObject({ charge_status: "paid", charged_cents: 5_250 });
    expect((await chargesFor(requestId)).filter((c) => c.status === "succeeded")).toHaveLength(1);
    expect(await lastText(w.vendorPhone)).toMatch(/asks to move/);
  });

  it("answers a declined card with its code and keeps the request from the pro", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: "4000000000000341" });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    const res = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("CARD_DECLINED");
    const again = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(again.status).toBe(402);
    expect((await chargesFor(requestId)).length).toBe(1);
    expect((await w.vendorClient.get("/api/vendor/me/reschedule-requests")).body.data).toEqual([]);
  });

  it("asks for a saved card when there is none, and pays once one is added", async () => {
    const { me, soid, s90 } = await massageJob({ card: null });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    const res = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(res.status).toBe(402);
    expect(res.body.error.code).toBe("RESCHEDULE_NO_SAVED_CARD");
    await saveCard(me.user_id, CARDS.ok);
    const paid = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(paid.body.data.charge_status).toBe("paid");
  });

  it("refuses another customer's request, an unknown one, bad input and a lapsed request", async () => {
    const { me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const res = await ask(me.client, soid, `${WED} 15:00`, s90);
    const requestId = res.body.data.request_id;
    const other = await customer("Someone Else");
    for (const path of ["/api/checkout/reschedule", "/api/checkout/reschedule-complete"]) {
      const theirs = await other.client.post(path, { request_id: requestId });
      expect(theirs.status).toBe(404);
      expect(theirs.body.error.code).toBe("NOT_FOUND");
      expect((await me.client.post(path, { request_id: 99_999_999 })).body.error.code).toBe("NOT_FOUND");
      const bad = await me.client.post(path, { request_id: "x" });
      expect(bad.status).toBe(400);
      expect((await me.client.post(path, "{")).status).toBe(400);
    }
    const anon = await new (me.client.constructor as any)().post("/api/checkout/reschedule", { request_id: requestId });
    expect(anon.status).toBe(401);
    me.client.now = Date.parse(res.body.data.expires_at) + 1;
    const late = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("RESCHEDULE_PAYMENT_GONE");
    expect(await chargesFor(requestId)).toEqual([]);
  });
});

describe("a shorter option: the difference comes back when the pro accepts", () => {
  it("asks the pro at once and refunds the card when they accept, idempotently", async () => {
    const { w, me, soid, s60, orderIntent } = await massageJob({ start: "90" });
    const res = await ask(me.client, soid, `${WED} 15:00`, s60);
    expect(res.status).toBe(201);
    const requestId = res.body.data.request_id;
    expect(res.body.data.change).toMatchObject({
      difference_cents: -5_250,
      charge_status: "refund_on_accept",
      checkout_url: null,
    });
    expect(await lastText(w.vendorPhone)).toMatch(/now 60 minutes/);
    const review = await me.client.post("/api/checkout/reschedule", { request_id: requestId });
    expect(review.body.data).toMatchObject({ refund_cents: 5_250, refund_status: "none", charged_cents: 0 });
    const complete = await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(complete.body.data.charge_status).toBe("refund_on_accept");
    expect(await chargesFor(requestId)).toEqual([]);

    const accepted = await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true });
    expect(accepted.body.data.status).toBe("accepted");
    expect(await refundsOf(orderIntent)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:refund` },
    ]);
    expect(await jobRow(soid)).toMatchObject({
      service_id: s60,
      job_minutes: 60,
      price_cents: 11_900,
      vendor_payout_cents: 8_330,
    });
    await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true });
    await sweepRescheduleRefunds(env, db(), () => payments(T0 + HOUR), T0 + HOUR);
    expect(await refundsOf(orderIntent)).toHaveLength(1);
  });

  it("gives back as account credit what the card payment no longer covers", async () => {
    const { w, me, soid, s60, orderIntent } = await massageJob({ start: "90" });
    // Most of the card payment was refunded already (e.g. a pro's refund).
    await payments().refund({
      payment_intent_id: orderIntent,
      amount_cents: 16_000,
      reason: "requested_by_customer",
      idempotency_key: `pre-${soid}`,
    });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s60)).body.data.request_id;
    // Twenty concurrent acceptances: the job moves once, the card is refunded once, the credit given once.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true }),
      ),
    );
    const review = await me.client.post("/api/checkout/reschedule", { request_id: requestId });
    expect(review.body.data).toMatchObject({ refund_cents: 1_745, credit_return_cents: 3_505 });
    expect((await refundsOf(orderIntent)).filter((x) => x.idempotency_key.startsWith("reschedule:"))).toHaveLength(1);
    const user = await env.DB.prepare("SELECT credit_balance_cents AS c FROM users WHERE user_id = ?")
      .bind(me.user_id)
      .first<{ c: number }>();
    expect(user!.c).toBe(3_505);
    await sweepRescheduleRefunds(env, db(), () => payments(T0 + HOUR), T0 + HOUR);
    const again = await env.DB.prepare("SELECT credit_balance_cents AS c FROM users WHERE user_id = ?")
      .bind(me.user_id)
      .first<{ c: number }>();
    expect(again!.c).toBe(3_505);
  });

  it("refunds nothing when the pro declines a shorter option", async () => {
    const { w, me, soid, s60, orderIntent } = await massageJob({ start: "90" });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s60)).body.data.request_id;
    await w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: false });
    expect(await refundsOf(orderIntent)).toEqual([]);
    expect((await jobRow(soid))!.job_minutes).toBe(90);
  });
});

describe("bad changes", () => {
  it("refuses an option the pro does not offer or of another service, and allows the same time with a new length", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const foreign = await ask(me.client, soid, `${WED} 15:00`, w.serviceId);
    expect(foreign.status).toBe(409);
    expect(foreign.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA");
    expect(foreign.body.error.fields).toEqual({ service_id: expect.any(String) });
    await env.DB.prepare("UPDATE vendor_services SET enabled = 0 WHERE vendor_id = ? AND service_id = ?")
      .bind(w.vendorId, s90)
      .run();
    const off = await ask(me.client, soid, `${WED} 15:00`, s90);
    expect(off.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA");
    await env.DB.prepare("UPDATE vendor_services SET enabled = 1 WHERE vendor_id = ? AND service_id = ?")
      .bind(w.vendorId, s90)
      .run();
    const sameTime = await ask(me.client, soid, `${TUE} 10:00`, s90);
    expect(sameTime.status).toBe(201);
    expect(sameTime.body.data.change.difference_cents).toBe(5_250);
    const same = await ask(me.client, soid, `${TUE} 10:00`);
    expect(same.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SAME_TIME");
    const bad = await me.client.post("/api/order/reschedule/", {
      service_order_id: soid,
      selectedDate: `${WED} 15:00`,
      service_id: "x",
    });
    expect(bad.status).toBe(400);
    // Nothing half-written by the refusals: only the one request (and its payment row) exists.
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM reschedule_payments WHERE service_order_id = ?")
      .bind(soid)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });

  it("refuses a change on a job that cannot move", async () => {
    const { me, soid, s90 } = await massageJob({ card: CARDS.ok });
    await env.DB.prepare("UPDATE service_orders SET service_order_status_id = ? WHERE service_order_id = ?")
      .bind(S.COMPLETED, soid)
      .run();
    const res = await ask(me.client, soid, `${WED} 15:00`, s90);
    expect(res.body.error.code).toBe("ERROR_WHILE_ORDER_RESCHEDULE_SERVICE_DATA");
  });
});

describe("the pro's dashboard", () => {
  it("shows 'waiting for client' with the proposed time on a job the pro proposed to move, until the client answers", async () => {
    const { w, me, soid } = await massageJob();
    const main = async () => (await w.vendorClient.post("/api/vendor/me/main-details", {})).body.data;
    const jobOf = (d: any) => d[1].find((j: any) => j.service_order_id === soid);
    expect(jobOf(await main()).proposal).toBeNull();
    const proposed = await w.vendorClient.post("/api/vendor/me/reschedule", {
      service_order_id: soid,
      selectedDate: `${WED} 15:00`,
    });
    expect(proposed.status).toBe(201);
    expect(jobOf(await main()).proposal).toEqual({
      request_id: proposed.body.data.request_id,
      selectedDate: `${WED} 15:00`,
      expires_at: proposed.body.data.expires_at,
    });
    const refused = await me.client.post("/api/order/reschedule/answer", {
      request_id: proposed.body.data.request_id,
      accept: false,
    });
    expect(refused.status).toBe(200);
    expect(jobOf(await main()).proposal).toBeNull();
  });

  it("lists a customer's request with a difference only once it is paid", async () => {
    const { w, me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    const requests = async () => (await w.vendorClient.post("/api/vendor/me/main-details", {})).body.data[4];
    expect(await requests()).toEqual([]);
    await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect((await requests()).map((r: any) => r.request_id)).toEqual([requestId]);
  });
});

describe("My Orders", () => {
  it("points an unpaid request to the checkout, then says it waits for the pro", async () => {
    const { me, soid, s90 } = await massageJob({ card: CARDS.ok });
    const requestId = (await ask(me.client, soid, `${WED} 15:00`, s90)).body.data.request_id;
    const listed = async () =>
      (await me.client.get("/api/orders")).body.data.find((o: any) => o.service_order_id === soid).reschedule_request;
    expect(await listed()).toEqual({
      request_id: requestId,
      selectedDate: `${WED} 15:00`,
      expires_at: expect.any(String),
      job_minutes: 90,
      checkout_url: `/checkout/reschedule?request_id=${requestId}`,
    });
    await me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect((await listed()).checkout_url).toBeUndefined();
  });
});

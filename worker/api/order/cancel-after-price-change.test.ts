import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CARDS, saveCard } from "../../checkout/test-fixtures";
import { sweepRescheduleRefunds } from "../../orders/reschedule-price";
import {
  addLengthOption,
  HOUR,
  T0,
  WED,
  at,
  bookJob,
  customer,
  db,
  insertJob,
  paidIntent,
  payments,
  vendorWorld,
} from "../../orders/test-fixtures";

/**
 * Cancelling a job whose price a reschedule changed (docs/decisions/068): the job paid its share of the order's
 * payment, split by the ORIGINAL prices, plus the differences charged for it, minus the lower prices given back.
 * The late fee is the policy's on the job's current price, kept from what the job paid; everything else comes back
 * to the payment it came from, and the sibling job keeps its own share.
 *
 * Figures: a $119 60-minute massage and a $100 sibling, service fee 5 % ($10.95): the card paid $229.95, split
 * $124.95 / $105.00. The 90-minute option ($169) costs $52.50 more. A 90-minute start pays $282.45, split
 * $177.45 / $105.00, and the 60-minute option gives back $52.50.
 */

let n = 0;
const NEW_START = at(WED, "15:00");
const LATE = NEW_START - 2 * HOUR; // inside the 24-hour window of the new time
const EARLY = T0 + HOUR; // days before it (and the request was made before the old time's window)

async function twoJobOrder(opts: { start: "60" | "90"; credit?: number }) {
  const w = await vendorWorld();
  const family = `CP${++n}X${Math.floor(Math.random() * 1e6)}-SWE`;
  const s60 = await addLengthOption(w, family, 60, 11_900);
  const s90 = await addLengthOption(w, family, 90, 16_900);
  const me = await customer("Nora Park");
  const long = opts.start === "90";
  const price = long ? 16_900 : 11_900;
  const fee = long ? 1_345 : 1_095;
  const credit = opts.credit ?? 0;
  const card = price + 10_000 + fee - credit;
  const paid = await paidIntent(me.user_id, card);
  const job = await insertJob({
    userId: me.user_id,
    world: { ...w, serviceId: long ? s90 : s60 },
    price,
    minutes: long ? 90 : 60,
    siblingPrices: [10_000],
    creditApplied: credit,
    orderTotal: card,
    paymentIntentId: paid.paymentIntentId,
  });
  await env.DB.prepare("UPDATE orders SET fee_cents = ?, discount_cents = 0 WHERE order_id = ?")
    .bind(fee, job.orderId)
    .run();
  await bookJob(w, job.soid, job.start, long ? 90 : 60);
  await bookJob(w, job.siblingIds[0]!, job.start + 3 * HOUR);
  await env.DB.prepare("UPDATE payment_methods SET detached_at = ? WHERE user_id = ?").bind(T0, me.user_id).run();
  await saveCard(me.user_id, CARDS.ok);
  return { w, me, soid: job.soid, sibling: job.siblingIds[0]!, s60, s90, orderIntent: paid.paymentIntentId };
}

type World = Awaited<ReturnType<typeof twoJobOrder>>;

/** The customer moves the job to Wednesday 15:00 with the other length; the pro accepts (paid first if more). */
async function reschedule(o: World, serviceId: number): Promise<number> {
  const res = await o.me.client.post("/api/order/reschedule/", {
    service_order_id: o.soid,
    selectedDate: `${WED} 15:00`,
    service_id: serviceId,
  });
  expect(res.status).toBe(201);
  const requestId: number = res.body.data.request_id;
  if (res.body.data.change.charge_status === "due") {
    const paid = await o.me.client.post("/api/checkout/reschedule-complete", { request_id: requestId });
    expect(paid.body.data.charge_status).toBe("paid");
  }
  const accepted = await o.w.vendorClient.post("/api/vendor/me/reschedule", { request_id: requestId, accept: true });
  expect(accepted.body.data.status).toBe("accepted");
  return requestId;
}

async function refundsOf(intentId: string) {
  const { results } = await env.DB.prepare(
    "SELECT amount_cents, status, idempotency_key FROM refunds WHERE payment_intent_id = ? ORDER BY created_at, rowid",
  )
    .bind(intentId)
    .all<{ amount_cents: number; status: string; idempotency_key: string }>();
  return results;
}

async function chargeOf(requestId: number) {
  return env.DB.prepare("SELECT id, amount_cents FROM payment_intents WHERE idempotency_key = ?")
    .bind(`reschedule:${requestId}:charge`)
    .first<{ id: string; amount_cents: number }>();
}

async function creditOf(userId: number, ref: string) {
  const row = await env.DB.prepare(
    "SELECT coalesce(sum(delta_cents), 0) AS c FROM credit_ledger WHERE user_id = ? AND reason = 'refund' AND ref = ?",
  )
    .bind(userId, ref)
    .first<{ c: number }>();
  return row!.c;
}

const sum = (rows: Array<{ amount_cents: number }>) => rows.reduce((a, r) => a + r.amount_cents, 0);

describe("a job rescheduled to a longer option (difference charged), then cancelled", () => {
  it("late: the fee is on the new price and kept from the order's share; the difference comes back; the sibling keeps its share", async () => {
    const o = await twoJobOrder({ start: "60" });
    const requestId = await reschedule(o, o.s90);
    const charge = (await chargeOf(requestId))!;
    expect(charge.amount_cents).toBe(5_250);

    o.me.client.now = LATE;
    const policy = await o.me.client.get(`/api/order/cancel-policy?service_order_id=${o.soid}`);
    expect(policy.body.data).toMatchObject({
      window: "late",
      paid_cents: 17_745,
      fee_cents: 4_225,
      refund_cents: 13_520,
      credit_return_cents: 0,
    });
    const res = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    expect(res.status).toBe(200);
    expect(res.body.data.cancellation).toMatchObject({
      window: "late",
      paid_cents: 17_745,
      fee_cents: 4_225,
      refund_cents: 13_520,
      credit_return_cents: 0,
      refund_status: "succeeded",
    });
    expect(await refundsOf(o.orderIntent)).toEqual([
      { amount_cents: 8_270, status: "succeeded", idempotency_key: `order:${o.soid}:cancel-refund` },
    ]);
    expect(await refundsOf(charge.id)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:charge-refund` },
    ]);
    // Paid for the job: $124.95 of the order + $52.50 = $177.45 = refunds + fee.
    expect(8_270 + 5_250 + res.body.data.cancellation.fee_cents).toBe(12_495 + 5_250);

    // The sibling, cancelled early, gets back exactly its own share of the order's payment.
    o.me.client.now = T0 + 2 * HOUR;
    const sibling = await o.me.client.post("/api/order/cancel", { service_order_id: o.sibling });
    expect(sibling.body.data.cancellation).toMatchObject({ window: "free", refund_cents: 10_500, fee_cents: 0 });
    expect(sum(await refundsOf(o.orderIntent))).toBe(8_270 + 10_500);
    expect(22_995 - sum(await refundsOf(o.orderIntent))).toBe(4_225); // the order's card keeps the fee only

    // Nothing more comes back later (the sweep, a repeated cancel).
    await sweepRescheduleRefunds(env, db(), () => payments(LATE + HOUR), LATE + HOUR);
    o.me.client.now = LATE + HOUR;
    const again = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    expect(again.body.data.cancellation).toMatchObject({ fee_cents: 4_225, refund_cents: 13_520 });
    expect(await refundsOf(o.orderIntent)).toHaveLength(2);
    expect(await refundsOf(charge.id)).toHaveLength(1);
  });

  it("early: everything the job paid comes back to where it came from", async () => {
    const o = await twoJobOrder({ start: "60" });
    const requestId = await reschedule(o, o.s90);
    const charge = (await chargeOf(requestId))!;
    o.me.client.now = EARLY;
    const res = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    expect(res.body.data.cancellation).toMatchObject({
      window: "free",
      paid_cents: 17_745,
      fee_cents: 0,
      refund_cents: 17_745,
    });
    expect(sum(await refundsOf(o.orderIntent))).toBe(12_495);
    expect(sum(await refundsOf(charge.id))).toBe(5_250);
  });

  it("late, bought partly with account credit: the fee comes off the card part, the credit part comes back", async () => {
    const o = await twoJobOrder({ start: "60", credit: 3_000 });
    const requestId = await reschedule(o, o.s90);
    const charge = (await chargeOf(requestId))!;
    o.me.client.now = LATE;
    const res = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    // Card $199.95 split $108.65 / $91.30, credit $30 split $16.30 / $13.70 (by the original prices).
    expect(res.body.data.cancellation).toMatchObject({
      paid_cents: 10_865 + 5_250 + 1_630,
      fee_cents: 4_225,
      refund_cents: 10_865 + 5_250 - 4_225,
      credit_return_cents: 1_630,
    });
    expect(sum(await refundsOf(o.orderIntent))).toBe(10_865 - 4_225);
    expect(sum(await refundsOf(charge.id))).toBe(5_250);
    expect(await creditOf(o.me.user_id, `so:${o.soid}:cancel`)).toBe(1_630);
    expect(sum(await refundsOf(o.orderIntent)) + sum(await refundsOf(charge.id)) + 1_630 + 4_225).toBe(
      10_865 + 5_250 + 1_630,
    );
  });

  it("twenty concurrent late cancels refund the order's part, the difference and the credit once", async () => {
    const o = await twoJobOrder({ start: "60", credit: 3_000 });
    const requestId = await reschedule(o, o.s90);
    const charge = (await chargeOf(requestId))!;
    o.me.client.now = LATE;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => o.me.client.post("/api/order/cancel", { service_order_id: o.soid })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const a of answers)
      expect(a.body.data.cancellation).toMatchObject({ fee_cents: 4_225, credit_return_cents: 1_630 });
    expect(await refundsOf(o.orderIntent)).toEqual([
      { amount_cents: 6_640, status: "succeeded", idempotency_key: `order:${o.soid}:cancel-refund` },
    ]);
    expect(await refundsOf(charge.id)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:charge-refund` },
    ]);
    expect(await creditOf(o.me.user_id, `so:${o.soid}:cancel`)).toBe(1_630);
    const earnings = await env.DB.prepare(
      "SELECT count(*) AS n, sum(amount_cents) AS c FROM vendor_earnings WHERE ref = ?",
    )
      .bind(`cancel-fee:${o.soid}`)
      .first<{ n: number; c: number }>();
    expect(earnings).toEqual({ n: 1, c: 2_957 });
  });
});

describe("a job rescheduled to a shorter option (difference given back), then cancelled", () => {
  it("late: the fee is on the new, lower price; what comes back is what the job still holds", async () => {
    const o = await twoJobOrder({ start: "90" });
    const requestId = await reschedule(o, o.s60);
    expect(await refundsOf(o.orderIntent)).toEqual([
      { amount_cents: 5_250, status: "succeeded", idempotency_key: `reschedule:${requestId}:refund` },
    ]);
    o.me.client.now = LATE;
    const res = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    // Paid $177.45 (its share of $282.45), $52.50 already back: it holds $124.95; the fee is 25 % of $119.
    expect(res.body.data.cancellation).toMatchObject({
      window: "late",
      paid_cents: 12_495,
      fee_cents: 2_975,
      refund_cents: 9_520,
      credit_return_cents: 0,
    });
    const refunds = await refundsOf(o.orderIntent);
    expect(refunds.map((r) => [r.idempotency_key, r.amount_cents])).toEqual([
      [`reschedule:${requestId}:refund`, 5_250],
      [`order:${o.soid}:cancel-refund`, 9_520],
    ]);
    expect(sum(refunds) + 2_975).toBe(17_745);

    // The sibling still gets its whole share back, not a share of the new prices.
    o.me.client.now = T0 + 2 * HOUR;
    const sibling = await o.me.client.post("/api/order/cancel", { service_order_id: o.sibling });
    expect(sibling.body.data.cancellation).toMatchObject({ window: "free", refund_cents: 10_500 });
    expect(28_245 - sum(await refundsOf(o.orderIntent))).toBe(2_975);
  });

  it("early: the rest of the job's share comes back, and the lower price is not given twice", async () => {
    const o = await twoJobOrder({ start: "90" });
    await reschedule(o, o.s60);
    o.me.client.now = EARLY;
    const res = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    expect(res.body.data.cancellation).toMatchObject({ window: "free", paid_cents: 12_495, refund_cents: 12_495 });
    await sweepRescheduleRefunds(env, db(), () => payments(EARLY + HOUR), EARLY + HOUR);
    expect(sum(await refundsOf(o.orderIntent))).toBe(17_745);
  });
});

describe("a pro's refund of the job (decision 064) and the split by original prices", () => {
  const refund = (o: World, amount?: number) =>
    o.w.vendorClient.post("/api/vendor/me/issue-refund", {
      service_order_id: o.soid,
      amount_cents: amount,
      reason: "Goodwill",
      idempotencyKey: `goodwill-${o.soid}-${Math.random()}`,
    });

  it("is at most the job's share by its original price after a longer option", async () => {
    const o = await twoJobOrder({ start: "60" });
    await reschedule(o, o.s90);
    const tooMuch = await refund(o, 12_496);
    expect(tooMuch.status).toBe(409);
    const all = await refund(o);
    expect(all.body.data).toMatchObject({ amount_cents: 12_495, status: "succeeded" });
  });

  it("leaves a shorter option's card refund to what the job still holds; the rest comes back as credit", async () => {
    const o = await twoJobOrder({ start: "90" });
    expect((await refund(o, 15_000)).body.data.status).toBe("succeeded");
    const requestId = await reschedule(o, o.s60);
    // The job holds $27.45 of the order's card payment (its $177.45 less the pro's $150), not the sibling's $105.
    expect(
      (await refundsOf(o.orderIntent))
        .filter((r) => r.idempotency_key.startsWith("reschedule:"))
        .map((r) => r.amount_cents),
    ).toEqual([2_745]);
    expect(await creditOf(o.me.user_id, `reschedule:${requestId}:refund`)).toBe(5_250 - 2_745);
    o.me.client.now = T0 + 2 * HOUR;
    const sibling = await o.me.client.post("/api/order/cancel", { service_order_id: o.sibling });
    expect(sibling.body.data.cancellation).toMatchObject({ refund_cents: 10_500 });
  });

  it("is not given back again by a later cancellation", async () => {
    const o = await twoJobOrder({ start: "60" });
    expect((await refund(o, 5_000)).body.data.status).toBe("succeeded");
    o.me.client.now = EARLY;
    const res = await o.me.client.post("/api/order/cancel", { service_order_id: o.soid });
    expect(res.body.data.cancellation).toMatchObject({ window: "free", paid_cents: 7_495, refund_cents: 7_495 });
    expect(sum(await refundsOf(o.orderIntent))).toBe(12_495);
  });
});

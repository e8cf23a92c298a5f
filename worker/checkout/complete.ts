import type { OrderJobView, OrderView } from "../../schema/contracts/checkout";
import { and, asc, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { formatLocal, iso } from "../../domain/calendar/time";
import { ServiceOrderStatus } from "../../domain/order-status";
import { services } from "../../schema/tables/catalogue";
import { checkoutItems, jobOffers, orders, serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { geoFromEnv } from "../adapters/geo";
import type { PaymentIntent, PaymentsPort } from "../adapters/payments/port";
import { zipPlaceOrFail } from "../catalogue/queries";
import { calendarFor } from "../calendar/calendar-client";
import { loadSettings } from "../calendar/market";
import { AppError, fail } from "../http/errors";
import { validateHoldsByVendor } from "./cart-check";
import { firstRoundEnds } from "../jobs/offer-rounds";
import { notifyVendors } from "../calendar/notify-vendor";
import { jobCandidates, type OfferLine } from "./job-candidates";
import { jobOfferText, orderConfirmationText, textSafely, vendorPhones, type JobText } from "./notify";
import { paymentsFailure } from "./payments";
import { defaultCardIfNone } from "../wallet/saved-cards";

/**
 * Completing a checkout (docs/decisions/032-checkout-and-job-offers.md): a paid draft becomes a confirmed
 * order with its jobs, bookings and offers. Idempotent and safe to run concurrently: every step either
 * replays (the vendor object's idempotency keys, INSERT ... WHERE NOT EXISTS, INSERT OR IGNORE) or is
 * fenced by the order's status, so any number of calls for one order give one order, one charge and one
 * debit of credit.
 *
 *  1. The payment: the draft's PaymentIntent must have succeeded (nothing is needed for a zero total).
 *  2. The holds: re-validated by their vendor objects. A hold lost after the charge succeeded fails the
 *     order and refunds it (`order:<id>:refund`); the order is marked failed before the refund, so a
 *     racing completion can never refund a confirmed order.
 *  3. Batch A: a service order per line (its id is the booking's ref in the vendor calendar).
 *  4. Every hold becomes a booking (confirmHold, ref = service_order_id) on the vendor that held it: the
 *     customer's paid time is kept. For "any pro" it is the vendor matched at add-to-cart; if another
 *     vendor accepts the offer, that booking moves to them (worker/api/vendor/me/jobs.ts).
 *  5. Batch B, fenced by the order's transition pending_payment -> confirmed: the credit debit (once per
 *     order: the ledger's unique (reason, ref)), the job offers, the checked-out cart items removed.
 *  6. Texts to the customer and the offered vendors.
 */

export type { OrderJobView, OrderView };

export type Completion =
  | { kind: "completed"; order: OrderView; replayed: boolean }
  /** The payment has not succeeded (yet): the intent says what the browser must do. */
  | { kind: "payment"; intent: PaymentIntent };

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof checkoutItems.$inferSelect & { description: string; chosen_vendor_name: string | null };

async function loadOrder(
  db: DrizzleD1Database,
  orderId: number,
): Promise<{ order: OrderRow; lines: LineRow[] } | null> {
  const [orderRows, lineRows] = await db.batch([
    db.select().from(orders).where(eq(orders.order_id, orderId)).limit(1),
    db
      .select({ line: checkoutItems, description: services.description, chosen_vendor_name: vendors.display_name })
      .from(checkoutItems)
      .innerJoin(services, eq(services.service_id, checkoutItems.service_id))
      .leftJoin(vendors, eq(vendors.vendor_id, checkoutItems.chosen_vendor_id))
      .where(eq(checkoutItems.order_id, orderId))
      .orderBy(asc(checkoutItems.position)),
  ]);
  const order = orderRows[0];
  if (!order) return null;
  return {
    order,
    lines: lineRows.map((r) => ({ ...r.line, description: r.description, chosen_vendor_name: r.chosen_vendor_name })),
  };
}

/** The order with its jobs, as every checkout call answers it. */
export async function loadOrderView(db: DrizzleD1Database, orderId: number): Promise<OrderView> {
  // Two plain queries, not a batch: D1 batches answer rows by column name, and these joined tables share names.
  const [orderRows, jobRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.order_id, orderId)).limit(1),
    db
      .select({
        so: serviceOrders,
        line: checkoutItems,
        description: services.description,
        chosen_vendor_name: vendors.display_name,
        confirm_by: jobOffers.expires_at,
      })
      .from(checkoutItems)
      .innerJoin(serviceOrders, eq(serviceOrders.service_order_id, checkoutItems.service_order_id))
      .innerJoin(services, eq(services.service_id, checkoutItems.service_id))
      .leftJoin(vendors, eq(vendors.vendor_id, checkoutItems.chosen_vendor_id))
      .leftJoin(
        jobOffers,
        and(
          eq(jobOffers.service_order_id, checkoutItems.service_order_id),
          eq(jobOffers.vendor_id, checkoutItems.chosen_vendor_id),
        ),
      )
      .where(eq(checkoutItems.order_id, orderId))
      .orderBy(asc(checkoutItems.position)),
  ]);
  const o = orderRows[0] ?? fail("NOT_FOUND", { order_id: "We couldn't find this order." });
  return {
    order_id: o.order_id,
    status: o.status,
    subtotal_cents: o.subtotal_cents,
    discount_cents: o.discount_cents,
    credit_applied_cents: o.credit_applied_cents,
    fee_cents: o.fee_cents,
    tax_cents: o.tax_cents,
    total_cents: o.total_cents,
    payment_intent_id: o.payment_intent_id,
    email: o.email,
    phone: o.phone,
    address: o.address,
    zipcode: o.zipcode,
    time_zone: o.time_zone,
    created_at: iso(o.created_at),
    confirmed_at: o.confirmed_at === null ? null : iso(o.confirmed_at),
    jobs: jobRows.map(({ so, line, description, chosen_vendor_name, confirm_by }) => ({
      service_order_id: so.service_order_id,
      service_id: so.service_id,
      description,
      promised_arrival_time: formatLocal(so.promised_arrival_time, so.time_zone),
      promised_arrival_at: iso(so.promised_arrival_time),
      time_zone: so.time_zone,
      job_minutes: so.job_minutes,
      is_connect: so.is_connect,
      price_cents: so.price_cents,
      member_discount_cents: line.discount_cents,
      vendor_id: so.vendor_id,
      chosen_vendor_id: line.chosen_vendor_id,
      chosen_vendor_name: line.chosen_vendor_id === null ? null : chosen_vendor_name,
      confirm_by: line.chosen_vendor_id === null || confirm_by === null ? null : iso(confirm_by),
      confirm_by_local:
        line.chosen_vendor_id === null || confirm_by === null ? null : formatLocal(confirm_by, so.time_zone),
      service_order_status_id: so.service_order_status_id,
      scheduled_status: so.scheduled_status,
    })),
  };
}

/** The view of an order this call just confirmed, from what it already has in hand (no re-read). */
function confirmedView(
  order: OrderRow,
  lines: readonly LineRow[],
  soIds: ReadonlyMap<number, number>,
  now: number,
): OrderView {
  return {
    order_id: order.order_id,
    status: "confirmed",
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    credit_applied_cents: order.credit_applied_cents,
    fee_cents: order.fee_cents,
    tax_cents: order.tax_cents,
    total_cents: order.total_cents,
    payment_intent_id: order.payment_intent_id,
    email: order.email,
    phone: order.phone,
    address: order.address,
    zipcode: order.zipcode,
    time_zone: order.time_zone,
    created_at: iso(order.created_at),
    confirmed_at: iso(now),
    jobs: lines.map((l) => ({
      service_order_id: soIds.get(l.checkout_item_id)!,
      service_id: l.service_id,
      description: l.description,
      promised_arrival_time: formatLocal(l.start_at, l.time_zone),
      promised_arrival_at: iso(l.start_at),
      time_zone: l.time_zone,
      job_minutes: l.job_minutes,
      is_connect: l.is_connect,
      price_cents: l.price_cents - l.discount_cents,
      member_discount_cents: l.discount_cents,
      vendor_id: null,
      chosen_vendor_id: l.chosen_vendor_id,
      chosen_vendor_name: l.chosen_vendor_id === null ? null : l.chosen_vendor_name,
      confirm_by: l.chosen_vendor_id === null ? null : iso(firstRoundEnds(now, l.start_at, true)),
      confirm_by_local:
        l.chosen_vendor_id === null ? null : formatLocal(firstRoundEnds(now, l.start_at, true), l.time_zone),
      service_order_status_id: ServiceOrderStatus.PENDING,
      scheduled_status: 0,
    })),
  };
}

const jobText = (l: LineRow): JobText => ({ description: l.description, start: l.start_at, time_zone: l.time_zone });

/**
 * Marks a draft failed (only while it still waits for payment), then refunds what was charged. Answers
 * whether this call failed it; a draft that was confirmed meanwhile is left alone and never refunded.
 */
async function failDraft(
  env: Env,
  port: PaymentsPort,
  order: OrderRow,
  reason: string,
  paid: boolean,
  now: number,
): Promise<boolean> {
  const d1 = env.DB;
  const [marked] = await d1.batch([
    d1
      .prepare(
        "UPDATE orders SET status = 'failed', failure_reason = ?, updated_at = ? WHERE order_id = ? AND status = 'pending_payment' RETURNING order_id",
      )
      .bind(paid ? `${reason}:refund-pending` : reason, now, order.order_id),
    d1
      .prepare(
        `UPDATE service_orders SET service_order_status_id = ?, cancelled_at = ?, cancel_reason = 'checkout-failed', updated_at = ?
         WHERE order_id = ? AND EXISTS (SELECT 1 FROM orders WHERE order_id = ? AND status = 'failed')`,
      )
      .bind(ServiceOrderStatus.CANCELLED, now, now, order.order_id, order.order_id),
  ]);
  if (marked!.results.length === 0) return false;
  if (paid) await refundFailedOrder(env, port, order.order_id, order.payment_intent_id!, reason, now);
  return true;
}

/** Refunds a failed order's charge (idempotent by `order:<id>:refund`); a cron retry finds refund-pending. */
export async function refundFailedOrder(
  env: Env,
  port: PaymentsPort,
  orderId: number,
  intentId: string,
  reason: string,
  now: number,
): Promise<void> {
  try {
    await port.refund({
      payment_intent_id: intentId,
      reason: "requested_by_customer",
      idempotency_key: `order:${orderId}:refund`,
    });
  } catch (err) {
    console.error(JSON.stringify({ at: "checkout.refund", order_id: orderId, error: String(err) }));
    return;
  }
  await env.DB.prepare("UPDATE orders SET failure_reason = ?, updated_at = ? WHERE order_id = ? AND status = 'failed'")
    .bind(`${reason}:refunded`, now, orderId)
    .run();
}

/** The answer to a failed checkout: refunded (ERROR_CHECKOUT_UNEXPECTED) or never charged (the item is gone). */
function failedError(order: Pick<OrderRow, "failure_reason" | "total_cents">): AppError {
  const charged = order.total_cents > 0 && /refund/.test(order.failure_reason ?? "");
  return new AppError(charged ? "ERROR_CHECKOUT_UNEXPECTED" : "CART_ITEM_NOT_AVAILABLE");
}

export async function completeCheckout(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  orderId: number,
  now: number,
): Promise<Completion> {
  const loaded = await loadOrder(db, orderId);
  if (!loaded) fail("NOT_FOUND", { order_id: "We couldn't find this order." });
  const { order, lines } = loaded;
  if (order.status === "confirmed" || order.status === "completed") {
    return { kind: "completed", order: await loadOrderView(db, orderId), replayed: true };
  }
  if (order.status === "failed") throw failedError(order);
  if (order.status === "cancelled") fail("ERROR_CHECKOUT_VALIDATION_FAILED");

  // 1. The payment; meanwhile the reads the next steps need (independent, so at once).
  const paid = order.total_cents > 0;
  if (paid && !order.payment_intent_id) fail("INVALID_INPUT", { payment_intent_id: "Pay for this order first." });
  const anyPro = lines.some((l) => l.chosen_vendor_id === null);
  const [intent, settings, balance, place] = await Promise.all([
    paid ? port.retrieveIntent(order.payment_intent_id!).catch((err: unknown) => paymentsFailure(err)) : null,
    loadSettings(db, [...new Set(lines.map((l) => l.hold_vendor_id))]),
    order.credit_applied_cents > 0
      ? env.DB.prepare("SELECT credit_balance_cents AS b FROM users WHERE user_id = ?")
          .bind(order.user_id)
          .first<{ b: number }>()
      : null,
    anyPro ? zipPlaceOrFail(geoFromEnv(env, db), order.zipcode, "address") : null,
  ]);
  if (intent) {
    if (intent.status !== "succeeded") return { kind: "payment", intent };
    if (intent.amount_cents !== order.total_cents) {
      throw new Error(`order ${orderId}: intent ${intent.id} is for ${intent.amount_cents}, not ${order.total_cents}`);
    }
  }
  const abort = async (reason: string): Promise<never> => {
    const failedHere = await failDraft(env, port, order, reason, paid, now);
    if (!failedHere) {
      const [current] = await db.select().from(orders).where(eq(orders.order_id, orderId)).limit(1);
      if (current && (current.status === "confirmed" || current.status === "completed")) {
        throw new Replay(await loadOrderView(db, orderId));
      }
      if (current) throw failedError(current);
    }
    console.error(JSON.stringify({ at: "checkout.failed", order_id: orderId, reason, refunded: paid }));
    throw failedError({ failure_reason: paid ? `${reason}:refund` : reason, total_cents: order.total_cents });
  };

  try {
    // 2. The holds, all at once before anything is booked (confirmHold re-checks a single chosen line).
    const precheck = lines.length > 1 ? lines : [];
    if (precheck.length > 0) {
      const statuses = await validateHoldsByVendor(
        env,
        settings,
        now,
        precheck.map((l) => ({
          vendorId: l.hold_vendor_id,
          check: { holdId: l.hold_id, start: l.start_at, durationMinutes: l.job_minutes, isConnect: l.is_connect },
        })),
      );
      for (const l of precheck) {
        const st = statuses.get(l.hold_id);
        const ok = st?.state === "held" || st?.state === "booked";
        if (!ok || !settings.get(l.hold_vendor_id)?.bookable) await abort("hold-lost");
      }
    }
    if (balance && balance.b < order.credit_applied_cents) await abort("credit-insufficient");

    // 3 and 4: batch A (the service orders) and the chosen vendors' bookings; the offers' candidates
    // (D1 reads only) meanwhile.
    const offerLines: OfferLine[] = lines.map((l) => ({
      serviceId: l.service_id,
      start: l.start_at,
      minutes: l.job_minutes,
      isConnect: l.is_connect,
      holdId: l.hold_id,
      holdVendorId: l.hold_vendor_id,
      chosenVendorId: l.chosen_vendor_id,
      hint: l.hint_v,
    }));
    const [soIds, candidates] = await Promise.all([
      writeServiceOrders(env.DB, order, lines, now).then(async (ids) => {
        const chosen = lines;
        const answers = await Promise.all(
          chosen.map((l) =>
            calendarFor(env, l.hold_vendor_id).confirmHold(
              l.hold_id,
              String(ids.get(l.checkout_item_id)),
              `checkout:o${orderId}:book:${ids.get(l.checkout_item_id)}`,
              now,
              settings.get(l.hold_vendor_id),
            ),
          ),
        );
        if (answers.some((a) => !a.ok)) {
          // Another line's time was booked already: free it before failing the order.
          await Promise.all(
            answers.map((a, i) => {
              if (!a.ok) return null;
              const vendorId = chosen[i]!.hold_vendor_id;
              const ref = a.booking.orderRef;
              return calendarFor(env, vendorId)
                .releaseBooking(vendorId, ref, `checkout:o${orderId}:unbook:${ref}`, now)
                .catch((err) =>
                  console.error(JSON.stringify({ at: "checkout.unbook", order_id: orderId, ref, error: String(err) })),
                );
            }),
          );
          await abort("hold-lost");
        }
        return ids;
      }),
      place ? jobCandidates(db, place, order.user_id, offerLines, now) : offerLines.map((l) => [l.chosenVendorId!]),
    ]);

    // 5. Batch B (the vendors' phones for the offer texts meanwhile).
    const offers = lines.flatMap((l, i) =>
      candidates[i]!.map((vendorId): [number, number, number] => [
        soIds.get(l.checkout_item_id)!,
        vendorId,
        firstRoundEnds(now, l.start_at, l.chosen_vendor_id !== null),
      ]),
    );
    const [won, phones] = await Promise.all([
      confirmOrder(env.DB, order, lines, offers, now),
      vendorPhones(db, [...new Set(candidates.flat())]),
    ]);
    if (won === "credit-insufficient") await abort("credit-insufficient");
    if (won === "failed") {
      const [current] = await db.select().from(orders).where(eq(orders.order_id, orderId)).limit(1);
      throw failedError(current ?? order);
    }
    if (won === "replayed") return { kind: "completed", order: await loadOrderView(db, orderId), replayed: true };

    // 6. After the commit: texts and releases never undo it.
    await Promise.all([
      afterConfirm(env, db, order, lines, candidates, phones, now),
      announceOffers(env, lines, soIds, candidates, now),
      intent ? defaultCardIfNone(port, intent.customer_id, intent.payment_method_id) : null,
    ]);
    return { kind: "completed", order: confirmedView(order, lines, soIds, now), replayed: false };
  } catch (err) {
    if (err instanceof Replay) return { kind: "completed", order: err.order, replayed: true };
    throw err;
  }
}

/** Thrown inside completeCheckout when a racing call confirmed the order first. */
class Replay extends Error {
  constructor(readonly order: OrderView) {
    super("replay");
  }
}

/**
 * Batch A: one service order per line that has none (INSERT ... SELECT guarded by the line and the
 * draft's status, the line then pointing at last_insert_rowid()), read back in the same batch.
 */
async function writeServiceOrders(
  d1: D1Database,
  order: OrderRow,
  lines: readonly LineRow[],
  now: number,
): Promise<Map<number, number>> {
  const statements: D1PreparedStatement[] = [];
  for (const l of lines) {
    if (l.service_order_id !== null) continue;
    statements.push(
      d1
        .prepare(
          `INSERT INTO service_orders (order_id, user_id, vendor_id, service_id, service_order_status_id, scheduled_status,
             promised_arrival_time, job_minutes, is_connect, address, zipcode, time_zone, price_cents, created_at, updated_at,
             customer_notes)
           SELECT o.order_id, o.user_id, NULL, ci.service_id, ?1, 0, ci.start_at, ci.job_minutes, ci.is_connect, o.address, o.zipcode,
             ci.time_zone, ci.price_cents - ci.discount_cents, ?2, ?2, o.customer_notes
           FROM checkout_items ci JOIN orders o ON o.order_id = ci.order_id
           WHERE ci.checkout_item_id = ?3 AND ci.service_order_id IS NULL AND o.status = 'pending_payment'`,
        )
        .bind(ServiceOrderStatus.PENDING, now, l.checkout_item_id),
      d1
        .prepare(
          `UPDATE checkout_items SET service_order_id = last_insert_rowid()
           WHERE checkout_item_id = ?1 AND service_order_id IS NULL
             AND EXISTS (SELECT 1 FROM orders WHERE order_id = ?2 AND status = 'pending_payment')`,
        )
        .bind(l.checkout_item_id, order.order_id),
    );
  }
  statements.push(
    d1.prepare("SELECT checkout_item_id, service_order_id FROM checkout_items WHERE order_id = ?").bind(order.order_id),
  );
  const results = await d1.batch(statements);
  const rows = results[results.length - 1]!.results as Array<{
    checkout_item_id: number;
    service_order_id: number | null;
  }>;
  const out = new Map<number, number>();
  for (const r of rows) if (r.service_order_id !== null) out.set(r.checkout_item_id, r.service_order_id);
  for (const l of lines) {
    if (!out.has(l.checkout_item_id)) {
      // Only a draft that stopped waiting for payment meanwhile has lines without jobs.
      throw new AppError("ERROR_CHECKOUT_VALIDATION_FAILED");
    }
  }
  return out;
}

/**
 * Batch B. The first statement moves the order from pending_payment to confirmed (only if the customer
 * still has the credit it uses); every other statement is fenced by the confirmed status and by its own
 * uniqueness, so running it again changes nothing.
 */
async function confirmOrder(
  d1: D1Database,
  order: OrderRow,
  lines: readonly LineRow[],
  offers: Array<[number, number, number]>,
  now: number,
): Promise<"won" | "replayed" | "credit-insufficient" | "failed"> {
  const confirmed = "EXISTS (SELECT 1 FROM orders WHERE order_id = ?1 AND status = 'confirmed')";
  const credit = order.credit_applied_cents;
  const ref = `order:${order.order_id}`;
  const results = await d1.batch([
    d1
      .prepare(
        `UPDATE orders SET status = 'confirmed', confirmed_at = ?2, updated_at = ?2
         WHERE order_id = ?1 AND status = 'pending_payment'
           AND (credit_applied_cents = 0 OR (SELECT credit_balance_cents FROM users u WHERE u.user_id = orders.user_id) >= credit_applied_cents)
         RETURNING order_id`,
      )
      .bind(order.order_id, now),
    d1
      .prepare(
        `UPDATE users SET credit_balance_cents = credit_balance_cents - ?2, updated_at = ?3
         WHERE user_id = ?4 AND ?2 > 0 AND ${confirmed}
           AND NOT EXISTS (SELECT 1 FROM credit_ledger WHERE reason = 'order' AND ref = ?5)`,
      )
      .bind(order.order_id, credit, now, order.user_id, ref),
    d1
      .prepare(
        `INSERT OR IGNORE INTO credit_ledger (user_id, delta_cents, reason, ref, note, created_at)
         SELECT ?4, -?2, 'order', ?5, 'Applied at checkout', ?3 WHERE ?2 > 0 AND ${confirmed}`,
      )
      .bind(order.order_id, credit, now, order.user_id, ref),
    d1
      .prepare(
        `INSERT OR IGNORE INTO job_offers (service_order_id, vendor_id, status, offered_at, expires_at)
         SELECT json_extract(j.value, '$[0]'), json_extract(j.value, '$[1]'), 'offered', ?2, json_extract(j.value, '$[2]')
         FROM json_each(?3) AS j WHERE ${confirmed}`,
      )
      .bind(order.order_id, now, JSON.stringify(offers)),
    d1
      .prepare(`DELETE FROM cart_items WHERE hold_id IN (SELECT value FROM json_each(?2)) AND ${confirmed}`)
      .bind(order.order_id, JSON.stringify(lines.map((l) => l.hold_id))),
    d1.prepare("SELECT status FROM orders WHERE order_id = ?").bind(order.order_id),
  ]);
  if (results[0]!.results.length > 0) return "won";
  const status = (results[results.length - 1]!.results[0] as { status: string } | undefined)?.status;
  if (status === "confirmed" || status === "completed") return "replayed";
  if (status === "pending_payment") return "credit-insufficient";
  return "failed";
}

/**
 * After the commit: each candidate's open dashboards get the offer at once (their calendar objects push it),
 * and the vendor whose calendar holds each job's time watches its offer rounds (worker/jobs/offer-rounds.ts).
 * Failures are logged, never thrown: the dashboards resync, and the cron sweeps unwatched offers.
 */
async function announceOffers(
  env: Env,
  lines: readonly LineRow[],
  soIds: ReadonlyMap<number, number>,
  candidates: readonly number[][],
  now: number,
): Promise<void> {
  const watches = new Map<number, Array<{ serviceOrderId: number; dueAt: number }>>();
  const pushes: Promise<void>[] = [];
  lines.forEach((l, i) => {
    const soId = soIds.get(l.checkout_item_id)!;
    pushes.push(notifyVendors(env, candidates[i]!, { type: "offer.new", service_order_id: soId, at: now }));
    const list = watches.get(l.hold_vendor_id) ?? [];
    list.push({ serviceOrderId: soId, dueAt: firstRoundEnds(now, l.start_at, l.chosen_vendor_id !== null) });
    watches.set(l.hold_vendor_id, list);
  });
  for (const [vendorId, jobs] of watches) {
    pushes.push(
      calendarFor(env, vendorId)
        .watchOffers({ vendorId, now, jobs })
        .catch((err) =>
          console.error(JSON.stringify({ at: "checkout.watchOffers", vendor_id: vendorId, error: String(err) })),
        ),
    );
  }
  await Promise.all(pushes);
}

/** Texts after the order is confirmed; failures are logged, never thrown. */
async function afterConfirm(
  env: Env,
  db: DrizzleD1Database,
  order: OrderRow,
  lines: readonly LineRow[],
  candidates: readonly number[][],
  phones: ReadonlyMap<number, string>,
  now: number,
): Promise<void> {
  const byVendor = new Map<number, JobText[]>();
  lines.forEach((l, i) => {
    for (const v of candidates[i]!) {
      const list = byVendor.get(v) ?? [];
      list.push(jobText(l));
      byVendor.set(v, list);
    }
  });
  const work: Promise<unknown>[] = [];
  if (order.phone) {
    work.push(
      textSafely(
        env,
        db,
        order.phone,
        orderConfirmationText(order.order_id, order.total_cents, lines.map(jobText)),
        now,
      ),
    );
  }
  for (const [vendorId, jobs] of byVendor) {
    const phone = phones.get(vendorId);
    if (phone) work.push(textSafely(env, db, phone, jobOfferText(jobs, order.zipcode), now));
  }
  await Promise.all(work);
}

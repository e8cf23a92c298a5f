import { formatWhen } from "../../domain/slot-format";
import { eq, sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { bpsOf } from "../../domain/checkout-rules";
import { isActiveJob, MAX_JOB_VIDEO_BYTES, noShowFee, unreachableAllowedAt } from "../../domain/job-actions";
import { messageFor } from "../../domain/messages";
import { centsToDecimal } from "../../domain/money";
import { ServiceOrderStatus } from "../../domain/order-status";
import { PRICING } from "../../domain/pricing-config";
import { MAX_UNREACHABLE_VIDEO_MS, probeVideo } from "../../domain/video-probe";
import { jobAdjustments, jobIncidents } from "../../schema/tables/job-actions";
import { PaymentsError, type PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { putFile } from "../adapters/storage";
import { sha256Hex } from "../auth/crypto";
import { calendarFor } from "../calendar/calendar-client";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import { refundContext } from "./money";
import { customerPhoneOf, firstNameOf, vendorJob } from "./vendor-job";

/**
 * Customer unreachable (docs/product.md section 5: video of at most 60 s, at least 30 minutes after the expected
 * arrival; docs/decisions/062-customer-unreachable.md). The video must be a real, playable container of an
 * allowed kind (domain/video-probe.ts reads its header and duration). Recording it closes the job as a
 * no-show: the customer pays the no-show fee (half the price, at least the late-cancellation minimum, from
 * what they paid), the rest goes back to their card, the pro earns their share of the fee, the pro's
 * calendar is freed, and the customer is texted. One per job (incident key `so:<id>:unreachable`); a
 * repeated call answers the first.
 */

export interface UnreachableResult {
  service_order_id: number;
  service_order_status_id: number;
  video_duration_ms: number;
  fee_cents: number;
  refund_cents: number;
  message: string;
  replayed?: boolean;
}

export async function recordUnreachable(
  env: Env,
  db: DrizzleD1Database,
  port: () => PaymentsPort,
  vendor: { vendorId: number; userId: number; name: string },
  input: { service_order_id: number; note?: string; video: Uint8Array },
  now: number,
): Promise<UnreachableResult> {
  const job = await vendorJob(db, vendor.vendorId, input.service_order_id);
  const soid = job.service_order_id;
  const key = `so:${soid}:unreachable`;
  const replay = async (): Promise<UnreachableResult | null> => {
    const [incident] = await db.select().from(jobIncidents).where(eq(jobIncidents.idempotency_key, key));
    if (!incident) return null;
    const [refund] = await db
      .select()
      .from(jobAdjustments)
      .where(eq(jobAdjustments.idempotency_key, `so:${soid}:no-show-refund`));
    return {
      service_order_id: soid,
      service_order_status_id: ServiceOrderStatus.CANCELLED,
      video_duration_ms: incident.video_duration_ms ?? 0,
      fee_cents: incident.fee_cents,
      refund_cents: refund?.amount_cents ?? 0,
      message: messageFor("CUSTOMER_UNREACHABLE_RECORDED"),
      replayed: true,
    };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  if (!isActiveJob(job.service_order_status_id)) fail("JOB_ACTION_NOT_ALLOWED");
  if (now < unreachableAllowedAt(job.promised_arrival_time)) fail("CUSTOMER_UNREACHABLE_TOO_EARLY");
  const video = probeVideo(input.video);
  if (!video) fail("VIDEO_FORMAT_NOT_ALLOWED", { result: "-1" });
  if (input.video.length > MAX_JOB_VIDEO_BYTES) fail("VIDEO_TOO_LARGE", { result: "-2" });
  if (video.durationMs > MAX_UNREACHABLE_VIDEO_MS) fail("VIDEO_TOO_LONG");

  const ctx = await refundContext(db, job);
  const already = await env.DB.prepare(
    "SELECT coalesce(sum(amount_cents), 0) AS n FROM job_adjustments WHERE service_order_id = ? AND kind = 'refund' AND status <> 'failed'",
  )
    .bind(soid)
    .first<{ n: number }>();
  const paid = Math.max(0, ctx.cap - (already?.n ?? 0));
  const fee = noShowFee(job.price_cents, paid, PRICING.lateCancellationFeeMinCents);
  const refund = ctx.paymentIntentId ? Math.min(paid - fee, ctx.intentLeft) : 0;
  const share = bpsOf(fee, PRICING.vendorShareBps);

  // Evidence for support, never served publicly.
  const videoKey = `evidence/so/${soid}/${crypto.randomUUID()}.${video.container}`;
  await putFile(env, videoKey, input.video.slice().buffer as ArrayBuffer, video.contentType);
  const mine = sql`EXISTS (SELECT 1 FROM job_incidents WHERE idempotency_key = ${key} AND video_key = ${videoKey})`;
  await d1Batch(env.DB, [
    sql`INSERT INTO job_incidents (service_order_id, vendor_id, kind, note, video_key, video_duration_ms, fee_cents, penalty, idempotency_key, created_at)
      SELECT ${soid}, ${vendor.vendorId}, 'unreachable', ${input.note ?? null}, ${videoKey}, ${video.durationMs}, ${fee}, 0, ${key}, ${now}
      WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${soid} AND vendor_id = ${vendor.vendorId}
        AND service_order_status_id IN (${ServiceOrderStatus.SCHEDULED}, ${ServiceOrderStatus.IN_PROGRESS}))
      ON CONFLICT (idempotency_key) DO NOTHING`,
    sql`UPDATE service_orders SET service_order_status_id = ${ServiceOrderStatus.CANCELLED}, cancelled_at = ${now},
        cancel_reason = 'customer_unreachable', updated_at = ${now}
      WHERE service_order_id = ${soid} AND ${mine}`,
    sql`INSERT INTO uploads (owner_user_id, key, kind, content_type, size_bytes, sha256, created_at, service_order_id)
      SELECT ${vendor.userId}, ${videoKey}, 'job_video', ${video.contentType}, ${input.video.length}, ${await sha256Hex(input.video)}, ${now}, ${soid}
      WHERE ${mine}`,
    sql`INSERT INTO job_adjustments (service_order_id, vendor_id, kind, amount_cents, description, status, idempotency_key,
        payment_intent_id, created_at, updated_at)
      SELECT ${soid}, ${vendor.vendorId}, 'refund', ${refund}, 'No-show: the payment less the no-show fee', 'pending',
        ${`so:${soid}:no-show-refund`}, ${ctx.paymentIntentId}, ${now}, ${now}
      WHERE ${refund} > 0 AND ${mine}
      ON CONFLICT (idempotency_key) DO NOTHING`,
    sql`INSERT INTO vendor_earnings (vendor_id, service_order_id, kind, amount_cents, ref, created_at)
      SELECT ${vendor.vendorId}, ${soid}, 'adjustment', ${share}, ${`no-show:${soid}`}, ${now}
      WHERE ${share} > 0 AND ${mine}
      ON CONFLICT (ref) DO NOTHING`,
    sql`UPDATE job_offers SET status = 'expired', responded_at = ${now}
      WHERE service_order_id = ${soid} AND status = 'offered' AND ${mine}`,
    sql`UPDATE orders SET status = 'cancelled', updated_at = ${now}
      WHERE order_id = ${job.order_id} AND ${mine}
        AND NOT EXISTS (SELECT 1 FROM service_orders WHERE order_id = ${job.order_id}
          AND service_order_status_id <> ${ServiceOrderStatus.CANCELLED})`,
  ]);
  const [incident] = await db.select().from(jobIncidents).where(eq(jobIncidents.idempotency_key, key));
  if (!incident) {
    await env.MEDIA.delete(videoKey).catch(() => undefined);
    fail("CUSTOMER_UNREACHABLE_FAILED");
  }
  if (incident.video_key !== videoKey) {
    await env.MEDIA.delete(videoKey).catch(() => undefined);
    return (await replay())!;
  }

  await calendarFor(env, vendor.vendorId)
    .releaseBooking(vendor.vendorId, String(soid), `job:${soid}:unreachable-release`, now)
    .catch((err) => console.error(JSON.stringify({ at: "unreachable.release", soid, error: String(err) })));
  if (refund > 0 && ctx.paymentIntentId) {
    const status = await port()
      .refund({
        payment_intent_id: ctx.paymentIntentId,
        amount_cents: refund,
        reason: "requested_by_customer",
        idempotency_key: `so:${soid}:no-show-refund`,
        service_order_id: soid,
        requested_by_user_id: null,
      })
      .then((r) => ({ status: "succeeded" as const, ref: r.id }))
      .catch((err) => {
        console.error(
          JSON.stringify({
            at: "unreachable.refund",
            soid,
            code: err instanceof PaymentsError ? err.code : String(err),
          }),
        );
        return { status: "failed" as const, ref: null };
      });
    await env.DB.prepare(
      "UPDATE job_adjustments SET status = ?2, provider_ref = ?3, updated_at = ?4 WHERE idempotency_key = ?1 AND status = 'pending'",
    )
      .bind(`so:${soid}:no-show-refund`, status.status, status.ref, now)
      .run();
  }
  const phone = customerPhoneOf(job);
  if (phone) {
    await sendSms(env, db, {
      to: phone,
      body:
        `Hi ${firstNameOf(job.customer_name)}, ${vendor.name} waited for you for your ${job.service_description} ` +
        `(${formatWhen(job.promised_arrival_time, job.time_zone)}) and couldn't reach you, so the booking is closed. ` +
        `A $${centsToDecimal(fee)} no-show fee applies` +
        (refund > 0 ? `; $${centsToDecimal(refund)} goes back to your card.` : ".") +
        " Questions? Reply to this message or contact support.",
      now,
    }).catch(() => false);
  }
  return {
    service_order_id: soid,
    service_order_status_id: ServiceOrderStatus.CANCELLED,
    video_duration_ms: video.durationMs,
    fee_cents: fee,
    refund_cents: refund,
    message: messageFor("CUSTOMER_UNREACHABLE_RECORDED"),
  };
}

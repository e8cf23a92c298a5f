import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  canAddPhotos,
  MAX_JOB_PHOTOS_PER_TYPE,
  MAX_JOB_PHOTO_BYTES,
  type JobPhotoType,
} from "../../domain/job-actions";
import { messageFor } from "../../domain/messages";
import { sniffImageFormat } from "../../domain/uploads";
import type { JobPhotosView } from "../../schema/payloads/job-actions";
import { putFile } from "../adapters/storage";
import { fail } from "../http/errors";
import { d1Batch } from "../orders/d1-batch";
import { sql } from "drizzle-orm";
import { checkPicturePixels } from "../uploads/picture-check";
import { parseJobImages, vendorJob } from "./vendor-job";

/**
 * Job pictures (POST /vendor/me/job, /vendor/me/update-photo; docs/decisions/060). A picture is checked in
 * this order, each with its docs/product.md section 5 result code: format from the bytes (-1), size (-2), decodes and
 * passes the image check on its pixels (-3), not the same picture as one this pro stored in the last 3 days
 * (-4); then the kind's limit (ERROR_LIMIT_UPLOADS). The limit is kept by one conditional UPDATE that appends
 * to the job's JSON list only while it is short enough, so racing uploads never pass it.
 */

export interface PhotoInput {
  vendorId: number;
  userId: number;
  serviceOrderId: number;
  type: JobPhotoType;
  bytes: Uint8Array;
  now: number;
}

interface CheckedPicture {
  ext: string;
  contentType: string;
  sha256: string;
  hash: string;
  width: number;
  height: number;
}

async function checkPicture(db: DrizzleD1Database, input: PhotoInput): Promise<CheckedPicture> {
  const format = sniffImageFormat(input.bytes.subarray(0, 16));
  if (!format) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
  if (input.bytes.length > MAX_JOB_PHOTO_BYTES) fail("PHOTO_TOO_LARGE", { result: "-2" });
  const verdict = await checkPicturePixels(db, { ownerUserId: input.userId, bytes: input.bytes, now: input.now });
  if (verdict.result === -1) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
  if (verdict.result === -2) fail("PICTURE_TOO_MANY_PIXELS", { result: "-2" });
  if (verdict.result === -3) fail("FILE_LOW_QUALITY", { result: "-3" });
  if (verdict.result === -4) fail("FILE_DUPLICATE", { result: "-4" });
  return {
    ext: format.ext,
    contentType: format.contentType,
    sha256: verdict.sha256,
    hash: verdict.hash,
    width: verdict.width,
    height: verdict.height,
  };
}

async function view(db: DrizzleD1Database, vendorId: number, soId: number, message: string): Promise<JobPhotosView> {
  const job = await vendorJob(db, vendorId, soId);
  return { service_order_id: soId, ...parseJobImages(job.job_images), message };
}

const PHOTO_STATES = "service_order_status_id IN (20, 30, 40)";

export async function addJobPhoto(env: Env, db: DrizzleD1Database, input: PhotoInput): Promise<JobPhotosView> {
  const job = await vendorJob(db, input.vendorId, input.serviceOrderId);
  if (!canAddPhotos(job.service_order_status_id)) fail("JOB_ACTION_NOT_ALLOWED");
  if (parseJobImages(job.job_images)[input.type].length >= MAX_JOB_PHOTOS_PER_TYPE) fail("ERROR_LIMIT_UPLOADS");
  const picture = await checkPicture(db, input);
  const key = `u/${input.userId}/${crypto.randomUUID()}.${picture.ext}`;
  const stored = await putFile(env, key, input.bytes.slice().buffer as ArrayBuffer, picture.contentType);
  const path = `$.${input.type}`;
  const [appended] = await d1Batch(env.DB, [
    sql`UPDATE service_orders SET job_images = json_insert(job_images, ${`${path}[#]`}, ${stored.url}), updated_at = ${input.now}
      WHERE service_order_id = ${input.serviceOrderId} AND vendor_id = ${input.vendorId} AND ${sql.raw(PHOTO_STATES)}
        AND json_array_length(job_images, ${path}) < ${MAX_JOB_PHOTOS_PER_TYPE}
      RETURNING service_order_id`,
    sql`INSERT INTO uploads (owner_user_id, key, kind, content_type, size_bytes, sha256, width, height, created_at, service_order_id, image_hash)
      SELECT ${input.userId}, ${key}, ${`job_${input.type}`}, ${picture.contentType}, ${input.bytes.length}, ${picture.sha256},
        ${picture.width}, ${picture.height}, ${input.now}, ${input.serviceOrderId}, ${picture.hash}
      WHERE EXISTS (SELECT 1 FROM service_orders, json_each(service_orders.job_images, ${path}) AS j
        WHERE service_orders.service_order_id = ${input.serviceOrderId} AND j.value = ${stored.url})`,
  ]);
  if (!appended || appended.length === 0) {
    await env.MEDIA.delete(key).catch(() => undefined);
    fail("ERROR_LIMIT_UPLOADS");
  }
  return view(db, input.vendorId, input.serviceOrderId, messageFor("JOB_PHOTO_SAVED"));
}

/** Replaces the picture at `index` of a kind (with bytes), or removes it (without). */
export async function updateJobPhoto(
  env: Env,
  db: DrizzleD1Database,
  input: Omit<PhotoInput, "bytes"> & { index: number; bytes: Uint8Array | null },
): Promise<JobPhotosView> {
  const job = await vendorJob(db, input.vendorId, input.serviceOrderId);
  if (!canAddPhotos(job.service_order_status_id)) fail("JOB_ACTION_NOT_ALLOWED");
  const current = parseJobImages(job.job_images)[input.type][input.index];
  if (current === undefined) fail("NOT_FOUND", { index: "There is no picture at this position." });
  const path = `$.${input.type}[${input.index}]`;
  const same = sql`json_extract(job_images, ${path}) = ${current}`;
  if (!input.bytes) {
    await d1Batch(env.DB, [
      sql`UPDATE service_orders SET job_images = json_remove(job_images, ${path}), updated_at = ${input.now}
        WHERE service_order_id = ${input.serviceOrderId} AND vendor_id = ${input.vendorId} AND ${same}`,
      sql`UPDATE uploads SET deleted_at = ${input.now} WHERE service_order_id = ${input.serviceOrderId}
        AND owner_user_id = ${input.userId} AND ${`/media/`} || key = ${current}`,
    ]);
    return view(db, input.vendorId, input.serviceOrderId, messageFor("JOB_PHOTO_REMOVED"));
  }
  const picture = await checkPicture(db, { ...input, bytes: input.bytes });
  const key = `u/${input.userId}/${crypto.randomUUID()}.${picture.ext}`;
  const stored = await putFile(env, key, input.bytes.slice().buffer as ArrayBuffer, picture.contentType);
  const [replaced] = await d1Batch(env.DB, [
    sql`UPDATE service_orders SET job_images = json_replace(job_images, ${path}, ${stored.url}), updated_at = ${input.now}
      WHERE service_order_id = ${input.serviceOrderId} AND vendor_id = ${input.vendorId} AND ${same}
      RETURNING service_order_id`,
    sql`INSERT INTO uploads (owner_user_id, key, kind, content_type, size_bytes, sha256, width, height, created_at, service_order_id, image_hash)
      SELECT ${input.userId}, ${key}, ${`job_${input.type}`}, ${picture.contentType}, ${input.bytes.length}, ${picture.sha256},
        ${picture.width}, ${picture.height}, ${input.now}, ${input.serviceOrderId}, ${picture.hash}
      WHERE EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${input.serviceOrderId}
        AND json_extract(job_images, ${path}) = ${stored.url})`,
    sql`UPDATE uploads SET deleted_at = ${input.now} WHERE service_order_id = ${input.serviceOrderId}
      AND owner_user_id = ${input.userId} AND ${`/media/`} || key = ${current}
      AND EXISTS (SELECT 1 FROM service_orders WHERE service_order_id = ${input.serviceOrderId}
        AND json_extract(job_images, ${path}) = ${stored.url})`,
  ]);
  if (!replaced || replaced.length === 0) {
    await env.MEDIA.delete(key).catch(() => undefined);
    fail("JOB_ACTION_NOT_ALLOWED");
  }
  return view(db, input.vendorId, input.serviceOrderId, messageFor("JOB_PHOTO_SAVED"));
}

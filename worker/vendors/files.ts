import { and, desc, eq, isNull } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { checkUpload, MAX_PROFILE_PHOTO_BYTES, sniffImageFormat, type ImageFormat } from "../../domain/uploads";
import type { MessageCode } from "../../domain/messages";
import { imageSize, MIN_PROFILE_PHOTO_PX } from "../../domain/vendor/image-size";
import { uploads } from "../../schema/tables/operations";
import { putFile } from "../adapters/storage";
import { sha256Hex } from "../auth/crypto";
import { fail } from "../http/errors";

/** A checked file ready to store: the SPEC 5 upload check passed (format from bytes, size, duplicate). */
export interface CheckedFile {
  bytes: Uint8Array;
  sha256: string;
  format: ImageFormat;
  width: number | null;
  height: number | null;
}

/** Refuses a multipart body larger than two images before reading it. */
export function refuseHugeBody(contentLength: string | undefined, files: number): void {
  if (Number(contentLength ?? "0") > files * MAX_PROFILE_PHOTO_BYTES + 64 * 1024) fail("FILE_TOO_LARGE");
}

/**
 * Runs the SPEC 5 file check on one form file. `codes` maps the result to the caller's catalogue codes
 * (the application answers its own "invalid file" code; profile tools answer the file codes).
 * A profile photo must also be at least MIN_PROFILE_PHOTO_PX on each side.
 */
export async function checkImage(
  db: DrizzleD1Database,
  file: File,
  opts: { ownerUserId: number; now: number; photo: boolean; invalid?: MessageCode },
): Promise<CheckedFile> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha256 = await sha256Hex(bytes);
  const [previous] = await db
    .select({ created_at: uploads.created_at })
    .from(uploads)
    .where(and(eq(uploads.owner_user_id, opts.ownerUserId), eq(uploads.sha256, sha256), isNull(uploads.deleted_at)))
    .orderBy(desc(uploads.created_at))
    .limit(1);
  const check = checkUpload({
    head: bytes.subarray(0, 16),
    size: bytes.length,
    maxBytes: MAX_PROFILE_PHOTO_BYTES,
    // Licences are re-sent on renewal and the same scan may come again: only photos are checked for repeats.
    duplicateSeenAt: opts.photo ? (previous?.created_at ?? null) : null,
    now: opts.now,
  });
  if (check !== 1 && opts.invalid) fail(opts.invalid);
  if (check === -1) fail("FILE_FORMAT_NOT_ALLOWED");
  if (check === -2) fail("FILE_TOO_LARGE");
  if (check === -4) fail("FILE_DUPLICATE");
  const size = imageSize(bytes);
  if (opts.photo && (!size || size.width < MIN_PROFILE_PHOTO_PX || size.height < MIN_PROFILE_PHOTO_PX)) {
    fail(opts.invalid ?? "FILE_LOW_QUALITY");
  }
  return {
    bytes,
    sha256,
    format: sniffImageFormat(bytes.subarray(0, 16))!,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

/**
 * Stores a checked file. Photos go under u/<user>/ (served publicly at /media/u/...); licences under
 * private/<user>/, which no public route serves.
 */
export async function storeFile(
  env: Env,
  file: CheckedFile,
  opts: { ownerUserId: number; kind: "profile_photo" | "license" },
): Promise<{ key: string; url: string }> {
  const folder = opts.kind === "license" ? "private" : "u";
  const key = `${folder}/${opts.ownerUserId}/${crypto.randomUUID()}.${file.format.ext}`;
  return putFile(env, key, file.bytes.slice().buffer as ArrayBuffer, file.format.contentType);
}

export function uploadRow(
  file: CheckedFile,
  stored: { key: string },
  opts: { ownerUserId: number; kind: "profile_photo" | "license"; now: number },
) {
  return {
    owner_user_id: opts.ownerUserId,
    key: stored.key,
    kind: opts.kind,
    content_type: file.format.contentType,
    size_bytes: file.bytes.length,
    sha256: file.sha256,
    width: file.width,
    height: file.height,
    created_at: opts.now,
  };
}

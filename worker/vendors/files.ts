import type { DrizzleD1Database } from "drizzle-orm/d1";
import {
  checkUpload,
  isPdfHead,
  isWellFormedPdf,
  MAX_PROFILE_PHOTO_BYTES,
  PDF_FORMAT,
  sniffImageFormat,
  type LicenceFormat,
} from "../../domain/uploads";
import { messageFor, type MessageCode } from "../../domain/messages";
import { MIN_PROFILE_PHOTO_PX } from "../../domain/vendors/image-size";
import { putFile } from "../adapters/storage";
import { sha256Hex } from "../auth/crypto";
import { previousUploadAt } from "../uploads/previous-upload";
import { fail } from "../http/errors";
import { decodeImage } from "../uploads/decode-image";
import { checkPicturePixels } from "../uploads/picture-check";

/** A checked file ready to store: the docs/product.md section 5 upload check passed (format from bytes, size, duplicate). */
export interface CheckedFile {
  bytes: Uint8Array;
  sha256: string;
  /** A photo is an image; a licence may also be a PDF. */
  format: LicenceFormat;
  width: number | null;
  height: number | null;
  /** The perceptual hash of a photo (the image check's duplicate memory); null for a licence. */
  image_hash: string | null;
}

/** The docs/product.md section 5 result code of each file error, answered in `error.fields.result` as job pictures do. */
const RESULT_CODES = {
  FILE_FORMAT_NOT_ALLOWED: "-1",
  FILE_TOO_LARGE: "-2",
  PICTURE_TOO_MANY_PIXELS: "-2",
  FILE_LOW_QUALITY: "-3",
  FILE_DUPLICATE: "-4",
} as const;
type FileError = keyof typeof RESULT_CODES;

/** Refuses a multipart body larger than two images before reading it. */
export function refuseHugeBody(contentLength: string | undefined, files: number): void {
  if (Number(contentLength ?? "0") > files * MAX_PROFILE_PHOTO_BYTES + 64 * 1024) fail("FILE_TOO_LARGE");
}

/**
 * Runs the docs/product.md section 5 file check on one form file: format from the bytes (-1), 5 MB (-2), and for a photo the image
 * check on its decoded pixels; a licence must decode to its end as an image or be a well-formed PDF (-1 when it does not decode, -3 low quality, -4 the same picture as one this
 * person stored in the last 3 days, by bytes or perceptual hash; worker/uploads/picture-check.ts) and
 * MIN_PROFILE_PHOTO_PX on each side. The error is the file code with `fields.result` (-1..-4), or, when
 * `invalid` is given (the application), that code with the file code's text under `field` and the result.
 * No face detection: decision 081 says why NO_FACE_DETECTED is never answered.
 */
export async function checkImage(
  db: DrizzleD1Database,
  file: File,
  opts: { ownerUserId: number; now: number; photo: boolean; invalid?: MessageCode; field?: string },
): Promise<CheckedFile> {
  const refuse = (code: FileError, detail?: string): never => {
    const result = RESULT_CODES[code];
    if (opts.invalid) fail(opts.invalid, { [opts.field ?? "file"]: detail ?? messageFor(code), result });
    fail(code, detail ? { [opts.field ?? "file"]: detail, result } : { result });
  };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha256 = await sha256Hex(bytes);
  // A licence may be a PDF: it must be a well-formed one (decision 121), not a file that only starts like one.
  if (!opts.photo && isPdfHead(bytes)) {
    if (bytes.length > MAX_PROFILE_PHOTO_BYTES) refuse("FILE_TOO_LARGE");
    if (!isWellFormedPdf(bytes)) refuse("FILE_FORMAT_NOT_ALLOWED");
    return { bytes, sha256, format: PDF_FORMAT, width: null, height: null, image_hash: null };
  }
  const previousAt = await previousUploadAt(db, opts.ownerUserId, sha256);
  const check = checkUpload({
    head: bytes.subarray(0, 16),
    size: bytes.length,
    maxBytes: MAX_PROFILE_PHOTO_BYTES,
    // Licences are re-sent on renewal and the same scan may come again: only photos are checked for repeats.
    duplicateSeenAt: opts.photo ? previousAt : null,
    now: opts.now,
  });
  if (check === -1) refuse("FILE_FORMAT_NOT_ALLOWED");
  if (check === -2) refuse("FILE_TOO_LARGE");
  if (check === -4) refuse("FILE_DUPLICATE");
  const format = sniffImageFormat(bytes.subarray(0, 16))!;
  if (!opts.photo) {
    // A licence picture must decode as the image its first bytes name, to its end (docs/decisions/054, 121): a PNG
    // header followed by HTML, or a truncated JPEG, is refused. What is stored is the image without trailing bytes.
    const decoded = await decodeImage(format, bytes);
    if (!decoded) return refuse("FILE_FORMAT_NOT_ALLOWED");
    return {
      bytes: decoded.bytes,
      sha256: decoded.bytes.length === bytes.length ? sha256 : await sha256Hex(decoded.bytes),
      format,
      width: decoded.width,
      height: decoded.height,
      image_hash: null,
    };
  }
  const verdict = await checkPicturePixels(db, { ownerUserId: opts.ownerUserId, bytes, now: opts.now });
  if (verdict.result === -1) refuse("FILE_FORMAT_NOT_ALLOWED");
  if (verdict.result === -2) refuse("PICTURE_TOO_MANY_PIXELS");
  if (verdict.result === -4) refuse("FILE_DUPLICATE");
  if (verdict.result !== 1) return refuse("FILE_LOW_QUALITY");
  if (verdict.width < MIN_PROFILE_PHOTO_PX || verdict.height < MIN_PROFILE_PHOTO_PX) {
    refuse("FILE_LOW_QUALITY", `Use a photo at least ${MIN_PROFILE_PHOTO_PX} x ${MIN_PROFILE_PHOTO_PX} pixels.`);
  }
  return { bytes, sha256, format, width: verdict.width, height: verdict.height, image_hash: verdict.hash };
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
    image_hash: file.image_hash,
    created_at: opts.now,
  };
}

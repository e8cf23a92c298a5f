import { and, eq, gt, isNotNull, isNull, notInArray } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { checkImageQuality, isSamePicture } from "../../domain/image-quality";
import { DUPLICATE_MEMORY_MS } from "../../domain/uploads";
import { uploads } from "../../schema/tables/operations";
import { sha256Hex } from "../auth/crypto";
import { decodePicture } from "./decode-image";

/**
 * The docs/product.md section 5 image check on decoded pixels, shared by job pictures (worker/jobs/photos.ts) and a pro's
 * profile photo (worker/vendors/files.ts, PUT /account/user/profile-picture): the bytes must decode (-1), the
 * picture must pass the brightness/edge/colour check (-3) and must not be a picture this person stored in the
 * last 3 days, by exact bytes or by perceptual hash (-4). Format and size (-1, -2) are the caller's first
 * checks, with its own size limit. Answers a verdict so each caller can name the error its contract uses.
 */
export type PictureVerdict =
  | { result: 1; sha256: string; hash: string; width: number; height: number }
  | { result: -1 }
  | { result: -2 }
  | { result: -3 }
  | { result: -4 };

export async function checkPicturePixels(
  db: DrizzleD1Database,
  input: {
    ownerUserId: number;
    bytes: Uint8Array;
    now: number;
    /** Stored pictures that are not repeats for this use (a pro's application photo, set as their photo). */
    exceptUploadIds?: readonly number[];
  },
): Promise<PictureVerdict> {
  const decoded = await decodePicture(input.bytes);
  if ("refused" in decoded) return { result: decoded.refused === "too-large" ? -2 : -1 };
  const pixels = decoded.pixels;
  const verdict = checkImageQuality(pixels);
  if (verdict.result === -3) return { result: -3 };
  const sha256 = await sha256Hex(input.bytes);
  const recent = await db
    .select({ sha256: uploads.sha256, image_hash: uploads.image_hash })
    .from(uploads)
    .where(
      and(
        eq(uploads.owner_user_id, input.ownerUserId),
        isNotNull(uploads.image_hash),
        isNull(uploads.deleted_at),
        gt(uploads.created_at, input.now - DUPLICATE_MEMORY_MS),
        input.exceptUploadIds?.length ? notInArray(uploads.upload_id, [...input.exceptUploadIds]) : undefined,
      ),
    );
  if (recent.some((r) => r.sha256 === sha256 || isSamePicture(r.image_hash ?? "", verdict.hash))) {
    return { result: -4 };
  }
  return { result: 1, sha256, hash: verdict.hash, width: pixels.width, height: pixels.height };
}

import type { DrizzleD1Database } from "drizzle-orm/d1";
import { checkUpload, MAX_PROFILE_PHOTO_BYTES, sniffImageFormat } from "../../domain/uploads";
import { MIN_PROFILE_PHOTO_PX } from "../../domain/vendors/image-size";
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../../schema/tables/accounts";
import { uploads } from "../../schema/tables/operations";
import { vendorApplications, vendors } from "../../schema/tables/vendors";
import { putFile } from "../adapters/storage";
import { sha256Hex } from "../auth/crypto";
import { previousUploadAt } from "./previous-upload";
import type { SessionUser } from "../auth/sessions";
import { fail } from "../http/errors";
import { decodeImageWithin, MAX_DECODE_PIXELS, MAX_IMAGE_PIXELS } from "./decode-image";
import { checkPicturePixels } from "./picture-check";

type UserRow = typeof users.$inferSelect;

/**
 * The user's new profile picture (PUT /account/user/profile-picture): the bytes of the uploaded file pass the
 * upload checks (format, size, a duplicate of a recent upload), decode as the image they claim to be and,
 * for a pro, the docs/product.md section 5 image check and the minimum photo size (decision 085). The file is stored and the
 * user and the upload written in one batch. Takes the Worker's env (the file store), the drizzle database,
 * the user and the time; the route reads the form. Answers the updated user.
 *
 * A pro's application photo is their starting photo (docs/decisions/132): choosing that same picture again is
 * not "a picture uploaded recently", so it is left out of the duplicate memory here. With `vendorPhoto`
 * (PUT /vendor/me/photo) the picture also becomes the photo clients see (vendors.photo), in the same batch.
 */
export async function setProfilePicture(
  env: Env,
  db: DrizzleD1Database,
  viewer: Pick<SessionUser, "user_id" | "vendor_id">,
  bytes: Uint8Array,
  now: number,
  opts: { vendorPhoto?: boolean } = {},
): Promise<UserRow> {
  const sha256 = await sha256Hex(bytes);
  const applicationPhotos = viewer.vendor_id
    ? (
        await db
          .select({ id: vendorApplications.photo_upload_id })
          .from(vendorApplications)
          .where(and(eq(vendorApplications.user_id, viewer.user_id), isNotNull(vendorApplications.photo_upload_id)))
      ).map((r) => r.id!)
    : [];
  const previousAt = await previousUploadAt(db, viewer.user_id, sha256, applicationPhotos);
  const check = checkUpload({
    head: bytes.subarray(0, 16),
    size: bytes.length,
    maxBytes: MAX_PROFILE_PHOTO_BYTES,
    duplicateSeenAt: previousAt,
    now,
  });
  if (check === -1) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
  if (check === -2) fail("FILE_TOO_LARGE", { result: "-2" });
  if (check === -4) fail("FILE_DUPLICATE", { result: "-4" });
  const format = sniffImageFormat(bytes.subarray(0, 16))!;
  // The first bytes only name a format: the whole file must decode as that image, or it is refused.
  // A pro's photo is decoded to pixels below, so its declared size must already fit the pixel budget here.
  const image = await decodeImageWithin(format, bytes, viewer.vendor_id ? MAX_DECODE_PIXELS : MAX_IMAGE_PIXELS);
  if ("refused" in image) {
    if (image.refused === "too-large" && viewer.vendor_id) fail("PICTURE_TOO_MANY_PIXELS", { result: "-2" });
    fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
  }
  // A pro's photo is what customers see: it also passes the docs/product.md section 5 image check on its pixels and the
  // minimum size of an application photo (decision 085). Customers' avatars keep the checks above.
  let imageHash: string | null = null;
  if (viewer.vendor_id) {
    const verdict = await checkPicturePixels(db, {
      ownerUserId: viewer.user_id,
      bytes: image.bytes,
      now,
      exceptUploadIds: applicationPhotos,
    });
    if (verdict.result === -1) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
    if (verdict.result === -2) fail("PICTURE_TOO_MANY_PIXELS", { result: "-2" });
    if (verdict.result === -3) fail("FILE_LOW_QUALITY", { result: "-3" });
    if (verdict.result === -4) fail("FILE_DUPLICATE", { result: "-4" });
    if (verdict.width < MIN_PROFILE_PHOTO_PX || verdict.height < MIN_PROFILE_PHOTO_PX) {
      fail("FILE_LOW_QUALITY", {
        file: `Use a photo at least ${MIN_PROFILE_PHOTO_PX} x ${MIN_PROFILE_PHOTO_PX} pixels.`,
        result: "-3",
      });
    }
    imageHash = verdict.hash;
  }
  const key = `u/${viewer.user_id}/${crypto.randomUUID()}.${format.ext}`;
  const stored = await putFile(env, key, image.bytes.slice().buffer as ArrayBuffer, format.contentType);
  const vendorId = opts.vendorPhoto ? viewer.vendor_id : null;
  const [[updated]] = await db.batch([
    db.update(users).set({ photo: stored.url, updated_at: now }).where(eq(users.user_id, viewer.user_id)).returning(),
    // The photo clients see: it passed the image check above and shows at once; staff may still reject it.
    db
      .update(vendors)
      .set({ photo: stored.url, photo_status: "approved", updated_at: now })
      .where(eq(vendors.vendor_id, vendorId ?? -1)),
    db.insert(uploads).values({
      owner_user_id: viewer.user_id,
      key,
      kind: "profile_photo",
      content_type: format.contentType,
      size_bytes: image.bytes.length,
      sha256,
      image_hash: imageHash,
      created_at: now,
    }),
  ]);
  return updated!;
}

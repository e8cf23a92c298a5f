import { and, desc, eq, gte, isNull, lt, ne, or } from "drizzle-orm";
import { Hono } from "hono";
import { normalizeUsPhone } from "../../../domain/phone";
import { ServiceOrderStatus } from "../../../domain/order-status";
import { postLoginDestination } from "../../../domain/roles";
import { checkUpload, MAX_PROFILE_PHOTO_BYTES, sniffImageFormat } from "../../../domain/uploads";
import { ProfileUpdateBody, type RedirectInfo } from "../../../schema/payloads/accounts";
import { users } from "../../../schema/tables/accounts";
import { uploads } from "../../../schema/tables/operations";
import { serviceOrders } from "../../../schema/tables/orders";
import { vendors } from "../../../schema/tables/vendors";
import { putFile } from "../../adapters/storage";
import { emailOrFail } from "../../auth/accounts";
import { sha256Hex } from "../../auth/crypto";
import { toProfile } from "../../auth/profile";
import { AppError, fail } from "../../http/errors";
import { decodeImage } from "../../uploads/decode-image";
import { checkPicturePixels } from "../../uploads/picture-check";
import { MIN_PROFILE_PHOTO_PX } from "../../../domain/vendor/image-size";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A finished job asks for a rating for two weeks; after that the prompt would only nag. */
const RATING_PROMPT_WINDOW_MS = 14 * DAY_MS;

/** The signed-in user's own account (docs/product.md section 7, "/account/user/*"). */
export const profileApi = new Hono<AppEnv>()
  .use(requireUser)
  .get("/profile", (c) => c.json({ data: [toProfile(viewerOf(c))] }))

  .put("/profile", async (c) => {
    const body = await jsonBody(c, ProfileUpdateBody);
    const viewer = viewerOf(c);
    const db = c.get("db");
    if (body.phone !== undefined && normalizeUsPhone(body.phone) !== viewer.phone) {
      fail("FAIL_TO_PHONE_CHANGE_CONTACT_SUPPORT");
    }
    const changes: Partial<typeof users.$inferInsert> = { updated_at: c.get("now") };
    if (body.name !== undefined) changes.name = body.name;
    if (body.address !== undefined) changes.address = body.address || null;
    if (body.zipcode !== undefined) changes.zipcode = body.zipcode;
    if (body.email !== undefined) {
      const email = emailOrFail(body.email);
      const taken = await db
        .select({ id: users.user_id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.user_id, viewer.user_id)))
        .limit(1);
      if (taken.length > 0) fail("USER_ALREADY_EXISTS", { email: "Another account uses this email." });
      changes.email = email;
      // A new address is unverified until its code is confirmed (POST /account/user/email/send, /confirm).
      if (email !== viewer.email) changes.email_verified_at = null;
    }
    const [updated] = await db.update(users).set(changes).where(eq(users.user_id, viewer.user_id)).returning();
    return c.json({ data: [toProfile(updated!)] });
  })

  .put("/profile-picture", async (c) => {
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    // Refuse oversized bodies before reading them (multipart framing adds a little to the file size).
    const declared = Number(c.req.header("content-length") ?? "0");
    if (declared > MAX_PROFILE_PHOTO_BYTES + 64 * 1024) fail("FILE_TOO_LARGE");
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch (error) {
      if (error instanceof AppError) throw error;
      fail("INVALID_INPUT", { file: "Send the picture as multipart form data in the field 'file'." });
    }
    const file = form.get("file");
    if (!(file instanceof File)) fail("INVALID_INPUT", { file: "Choose a picture to upload." });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const sha256 = await sha256Hex(bytes);
    const [previous] = await db
      .select({ created_at: uploads.created_at })
      .from(uploads)
      .where(and(eq(uploads.owner_user_id, viewer.user_id), eq(uploads.sha256, sha256), isNull(uploads.deleted_at)))
      .orderBy(desc(uploads.created_at))
      .limit(1);
    const check = checkUpload({
      head: bytes.subarray(0, 16),
      size: bytes.length,
      maxBytes: MAX_PROFILE_PHOTO_BYTES,
      duplicateSeenAt: previous?.created_at ?? null,
      now,
    });
    if (check === -1) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
    if (check === -2) fail("FILE_TOO_LARGE", { result: "-2" });
    if (check === -4) fail("FILE_DUPLICATE", { result: "-4" });
    const format = sniffImageFormat(bytes.subarray(0, 16))!;
    // The first bytes only name a format: the whole file must decode as that image, or it is refused.
    const image = await decodeImage(format, bytes);
    if (!image) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
    // A pro's photo is what customers see: it also passes the SPEC 5 image check on its pixels and the
    // minimum size of an application photo (decision 085). Customers' avatars keep the checks above.
    let imageHash: string | null = null;
    if (viewer.vendor_id) {
      const verdict = await checkPicturePixels(db, { ownerUserId: viewer.user_id, bytes: image.bytes, now });
      if (verdict.result === -1) fail("FILE_FORMAT_NOT_ALLOWED", { result: "-1" });
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
    const stored = await putFile(c.env, key, image.bytes.slice().buffer as ArrayBuffer, format.contentType);
    const [[updated]] = await db.batch([
      db.update(users).set({ photo: stored.url, updated_at: now }).where(eq(users.user_id, viewer.user_id)).returning(),
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
    return c.json({ data: [toProfile(updated!)] });
  })

  .get("/getRedirect", async (c) => {
    const viewer = viewerOf(c);
    const db = c.get("db");
    const now = c.get("now");
    const destination = postLoginDestination(viewer, { saved: c.req.query("saved") === "1" });
    const info: RedirectInfo = { redirect: 0, destination };

    const [unrated] = await db
      .select({ service_order_id: serviceOrders.service_order_id, vendor_name: vendors.display_name })
      .from(serviceOrders)
      .leftJoin(vendors, eq(vendors.vendor_id, serviceOrders.vendor_id))
      .where(
        and(
          eq(serviceOrders.user_id, viewer.user_id),
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
          isNull(serviceOrders.vendor_rating),
          gte(serviceOrders.completion_time, now - RATING_PROMPT_WINDOW_MS),
        ),
      )
      .orderBy(desc(serviceOrders.completion_time))
      .limit(1);
    if (unrated) {
      return c.json({
        data: {
          ...info,
          redirect: 2,
          service_order_id: unrated.service_order_id,
          vendor_name: unrated.vendor_name ?? undefined,
        },
      });
    }

    const [upcoming] = await db
      .select({ id: serviceOrders.service_order_id })
      .from(serviceOrders)
      .where(
        and(
          eq(serviceOrders.user_id, viewer.user_id),
          or(
            eq(serviceOrders.service_order_status_id, ServiceOrderStatus.IN_PROGRESS),
            and(
              eq(serviceOrders.service_order_status_id, ServiceOrderStatus.SCHEDULED),
              lt(serviceOrders.promised_arrival_time, now + DAY_MS),
            ),
          ),
        ),
      )
      .limit(1);
    if (upcoming) return c.json({ data: { ...info, redirect: 1 } });
    return c.json({ data: info });
  });

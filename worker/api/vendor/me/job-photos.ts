import { Hono, type Context } from "hono";
import { MAX_JOB_PHOTO_BYTES } from "../../../../domain/job-actions";
import { PhotoForm, UpdatePhotoForm } from "../../../../schema/payloads/job-actions";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { parseOrFail } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";
import { addJobPhoto, updateJobPhoto } from "../../../jobs/photos";

/**
 * Job pictures from the pro's phone (docs/product.md section 7 "POST /vendor/me/job (form data with service_order_id;
 * returns before, after, testimonial, message)" and "/update-photo"). Mounted at /vendor/me.
 */

/** Reads a multipart body no larger than `max` bytes plus framing; the fields as strings, the file as bytes. */
export async function readForm(c: Context<AppEnv>, max: number) {
  const declared = Number(c.req.header("content-length") ?? "0");
  if (declared > max + 64 * 1024) fail("FILE_TOO_LARGE", { result: "-2" });
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    fail("INVALID_INPUT", { file: "Send the file as multipart form data in the field 'file'." });
  }
  const fields: Record<string, string> = {};
  let file: Uint8Array | null = null;
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === "file") file = new Uint8Array(await value.arrayBuffer());
  }
  return { fields, file };
}

export const vendorJobPhotosApi = new Hono<AppEnv>()
  .post("/job", requireVendor, async (c) => {
    const { fields, file } = await readForm(c, MAX_JOB_PHOTO_BYTES);
    const input = parseOrFail(PhotoForm, fields);
    if (!file) fail("INVALID_INPUT", { file: "Choose a picture to upload." });
    const viewer = viewerOf(c);
    const data = await addJobPhoto(c.env, c.get("db"), {
      vendorId: viewer.vendor_id!,
      userId: viewer.user_id,
      serviceOrderId: input.service_order_id,
      type: input.type,
      bytes: file,
      now: c.get("now"),
    });
    return c.json({ data });
  })

  .post("/update-photo", requireVendor, async (c) => {
    const { fields, file } = await readForm(c, MAX_JOB_PHOTO_BYTES);
    const input = parseOrFail(UpdatePhotoForm, fields);
    const viewer = viewerOf(c);
    const data = await updateJobPhoto(c.env, c.get("db"), {
      vendorId: viewer.vendor_id!,
      userId: viewer.user_id,
      serviceOrderId: input.service_order_id,
      type: input.type,
      index: input.index,
      bytes: file,
      now: c.get("now"),
    });
    return c.json({ data });
  });

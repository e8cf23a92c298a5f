import type { Context } from "hono";
import { MAX_PROFILE_PHOTO_BYTES } from "../../domain/uploads";
import { AppError, fail } from "./errors";
import type { AppEnv } from "./types";

/**
 * The bytes of a profile picture sent as multipart form data in the field `file` (PUT /account/user/profile-picture
 * and PUT /vendor/me/photo). An oversized body is refused before it is read; a body that is not a form, or a
 * form without a file, is INVALID_INPUT.
 */
export async function pictureBytesOf(c: Context<AppEnv>): Promise<Uint8Array> {
  // Multipart framing adds a little to the file size.
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
  return new Uint8Array(await file.arrayBuffer());
}

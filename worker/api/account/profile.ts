import { Hono } from "hono";
import { MAX_PROFILE_PHOTO_BYTES } from "../../../domain/uploads";
import { ProfileUpdateBody } from "../../../schema/payloads/accounts";
import { redirectInfo, updateProfile } from "../../auth/own-profile";
import { toProfile } from "../../auth/profile";
import { AppError, fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { setProfilePicture } from "../../uploads/profile-picture";

/**
 * The signed-in user's own account (docs/product.md section 7, "/account/user/*"). The rules live in
 * worker/auth/own-profile.ts and worker/uploads/profile-picture.ts; these handlers read the request.
 */
export const profileApi = new Hono<AppEnv>()
  .use(requireUser)
  .get("/profile", (c) => c.json({ data: [toProfile(viewerOf(c))] }))

  .put("/profile", async (c) => {
    const body = await jsonBody(c, ProfileUpdateBody);
    const updated = await updateProfile(c.get("db"), viewerOf(c), body, c.get("now"));
    return c.json({ data: [toProfile(updated)] });
  })

  .put("/profile-picture", async (c) => {
    const viewer = viewerOf(c);
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
    const updated = await setProfilePicture(c.env, c.get("db"), viewer, bytes, c.get("now"));
    return c.json({ data: [toProfile(updated)] });
  })

  .get("/getRedirect", async (c) => {
    const saved = c.req.query("saved") === "1";
    return c.json({ data: await redirectInfo(c.get("db"), viewerOf(c), { saved }, c.get("now")) });
  });

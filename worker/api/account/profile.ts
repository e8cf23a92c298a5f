import { Hono } from "hono";
import { ProfileUpdateBody } from "../../../schema/payloads/accounts";
import { redirectInfo, updateProfile } from "../../auth/own-profile";
import { toProfile } from "../../auth/profile";
import { pictureBytesOf } from "../../http/picture-form";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { setProfilePicture } from "../../uploads/profile-picture";

/**
 * The signed-in user's own account (docs/product.md section 7, "/account/user/*"). The rules live in
 * worker/auth/own-profile.ts and worker/uploads/profile-picture.ts; these handlers read the request.
 */
export const profileApi = new Hono<AppEnv>()
  .use(requireUser)
  .get("/profile", (c) => c.json({ data: [toProfile(viewerOf(c))] }))

  .put("/profile", validate("json", ProfileUpdateBody), async (c) => {
    const body = c.req.valid("json");
    const updated = await updateProfile(c.get("db"), viewerOf(c), body, c.get("now"));
    return c.json({ data: [toProfile(updated)] });
  })

  .put("/profile-picture", async (c) => {
    const bytes = await pictureBytesOf(c);
    const updated = await setProfilePicture(c.env, c.get("db"), viewerOf(c), bytes, c.get("now"));
    return c.json({ data: [toProfile(updated)] });
  })

  .get("/getRedirect", async (c) => {
    const saved = c.req.query("saved") === "1";
    return c.json({ data: await redirectInfo(c.get("db"), viewerOf(c), { saved }, c.get("now")) });
  });

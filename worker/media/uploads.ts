import { Hono } from "hono";
import { getFile } from "../adapters/storage";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";

/** Serves files people uploaded (profile photos, job pictures) from the storage port at /media/u/... */
export const uploadsApp = new Hono<AppEnv>().get("/u/:owner/:file", async (c) => {
  const { owner, file } = c.req.param();
  if (!/^\d+$/.test(owner) || !/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(file)) fail("NOT_FOUND");
  const object = await getFile(c.env, `u/${owner}/${file}`);
  if (!object) fail("NOT_FOUND");
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      etag: object.httpEtag,
    },
  });
});

import { Hono } from "hono";
import { canUseConnectAdmin } from "../../domain/roles";
import { getFile } from "../adapters/storage";
import type { SessionUser } from "../auth/sessions";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";
import { session } from "../middleware/session";

/**
 * Serves files people uploaded (profile photos, job pictures) from the storage port at /media/u/...
 * (docs/decisions/126-private-caching-and-hsts.md). Pictures of a job taken before and after the work show a
 * customer's home: only the job's customer, its pro and staff see them, with private caching, and a removed
 * or replaced one is gone at once. Profile photos and testimonial pictures (published with the customer's
 * review) are public, cached for an hour, never "immutable": a file can be removed.
 */
const PRIVATE_KINDS = new Set(["job_before", "job_after", "job_video"]);

async function maySee(env: Env, viewer: SessionUser | null, serviceOrderId: number | null): Promise<boolean> {
  if (!viewer || serviceOrderId === null) return false;
  if (canUseConnectAdmin(viewer)) return true;
  const job = await env.DB.prepare("SELECT user_id, vendor_id FROM service_orders WHERE service_order_id = ?")
    .bind(serviceOrderId)
    .first<{ user_id: number; vendor_id: number | null }>();
  if (!job) return false;
  return job.user_id === viewer.user_id || (viewer.vendor_id != null && job.vendor_id === viewer.vendor_id);
}

export const uploadsApp = new Hono<AppEnv>().get("/u/:owner/:file", session, async (c) => {
  const { owner, file } = c.req.param();
  if (!/^\d+$/.test(owner) || !/^[0-9a-f-]{36}\.(jpg|png|webp)$/.test(file)) fail("NOT_FOUND");
  const key = `u/${owner}/${file}`;
  const row = await c.env.DB.prepare("SELECT kind, service_order_id, deleted_at FROM uploads WHERE key = ?")
    .bind(key)
    .first<{ kind: string; service_order_id: number | null; deleted_at: number | null }>();
  if (row?.deleted_at != null) fail("NOT_FOUND");
  const personal = row != null && PRIVATE_KINDS.has(row.kind);
  // Someone who may not see a job's pictures learns nothing about them: the same 404 as a missing file.
  if (personal && !(await maySee(c.env, c.get("viewer"), row.service_order_id))) fail("NOT_FOUND");
  const object = await getFile(c.env, key);
  if (!object) fail("NOT_FOUND");
  return new Response(object.body, {
    headers: {
      "content-type": object.httpMetadata?.contentType ?? "application/octet-stream",
      "cache-control": personal ? "private, no-cache" : "public, max-age=3600",
      "x-content-type-options": "nosniff",
      etag: object.httpEtag,
      ...(personal ? { vary: "Cookie" } : {}),
    },
  });
});

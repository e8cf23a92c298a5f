import { createMiddleware } from "hono/factory";
import { canUseConnectAdmin, isAdmin, isVendor } from "../../domain/roles";
import type { SessionUser } from "../auth/sessions";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";

/** Route-group guards (docs/product.md section 6). Signed out: 401 INVALID_SESSION; wrong role: 403 FORBIDDEN. */
function requireRole(allowed: (user: SessionUser) => boolean) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const viewer = c.get("viewer");
    if (!viewer) fail("INVALID_SESSION");
    if (!allowed(viewer)) fail("FORBIDDEN");
    await next();
  });
}

export const requireUser = requireRole(() => true);
export const requireVendor = requireRole((u) => isVendor(u));
export const requireAdmin = requireRole((u) => isAdmin(u));
export const requireConnectAdmin = requireRole((u) => canUseConnectAdmin(u));

/** The signed-in user inside a guarded route. */
export function viewerOf(c: { get(key: "viewer"): SessionUser | null }): SessionUser {
  const viewer = c.get("viewer");
  if (!viewer) fail("INVALID_SESSION");
  return viewer;
}

/** The signed-in vendor's id inside a vendor-guarded route (FORBIDDEN for an account without one). */
export function vendorIdOf(c: { get(key: "viewer"): SessionUser | null }): number {
  const viewer = viewerOf(c);
  if (viewer.vendor_id == null) fail("FORBIDDEN");
  return viewer.vendor_id;
}

import { createMiddleware } from "hono/factory";
import { canReviewRatings } from "../../domain/staff-roles";
import { fail } from "../http/errors";
import type { AppEnv } from "../http/types";

/** Team lead or manager (docs/decisions/090-staff-roles.md). Signed out 401, anyone else 403. */
export const requireRatingReviewer = createMiddleware<AppEnv>(async (c, next) => {
  const viewer = c.get("viewer");
  if (!viewer) fail("INVALID_SESSION");
  if (!canReviewRatings(viewer)) fail("FORBIDDEN");
  await next();
});

import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { connectAdminApi } from "./admin/overview";
import { connectAdminRequestsApi } from "./admin/requests";
import { connectAdminTipsApi } from "./admin/tips";
import { connectRequestsApi } from "./requests";

/**
 * /api/connect: the connect service. requests.ts (/requests, /services: a customer asks for a pro) and the
 * connect staff's /admin (overview.ts, requests.ts, tips.ts). The overview's guard covers everything under
 * /admin mounted after it.
 */
export const connectRoutes = new Hono<AppEnv>()
  .route("/admin/tips", connectAdminTipsApi)
  .route("/admin", connectAdminApi)
  .route("/admin/requests", connectAdminRequestsApi)
  .route("/", connectRequestsApi);

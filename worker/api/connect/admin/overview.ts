import { count, eq } from "drizzle-orm";
import { Hono } from "hono";
import { SERVICE_TYPE, services } from "../../../../schema/tables/catalogue";
import { serviceOrders } from "../../../../schema/tables/orders";
import type { AppEnv } from "../../../http/types";
import { requireConnectAdmin } from "../../../middleware/roles";

/** Business-services (connect) staff area: group 31, or any admin. */
export const connectAdminApi = new Hono<AppEnv>().use(requireConnectAdmin).get("/overview", async (c) => {
  const db = c.get("db");
  const [svc] = await db.select({ n: count() }).from(services).where(eq(services.type, SERVICE_TYPE.CONNECT));
  const [jobs] = await db.select({ n: count() }).from(serviceOrders).where(eq(serviceOrders.is_connect, true));
  return c.json({ data: { connect_services: svc?.n ?? 0, connect_jobs: jobs?.n ?? 0 } });
});

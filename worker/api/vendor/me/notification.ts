import { and, eq, isNull, or } from "drizzle-orm";
import { Hono } from "hono";
import { compareNotifications } from "../../../../domain/notifications";
import type { NotificationResponse } from "../../../../schema/contracts/business";
import { notifications, vendors } from "../../../../schema/tables/vendors";
import { zipcodes } from "../../../../schema/tables/places";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { requireVendor, viewerOf } from "../../../middleware/roles";

/** The vendor's own business tools (/api/vendor/me/*). The business issues add the rest. */
export const vendorApi = new Hono<AppEnv>().use(requireVendor).get("/notification", async (c) => {
  const viewer = viewerOf(c);
  const db = c.get("db");
  const vendorId = viewer.vendor_id!;
  const [vendor] = await db.select().from(vendors).where(eq(vendors.vendor_id, vendorId)).limit(1);
  if (!vendor) fail("NOT_FOUND");
  const rows = await db
    .select()
    .from(notifications)
    .where(
      or(
        eq(notifications.vendor_id, vendorId),
        and(eq(notifications.user_id, viewer.user_id), isNull(notifications.vendor_id)),
      ),
    );
  const list = rows
    .map((n) => ({
      id: n.id,
      persistence: n.persistence,
      severity: n.severity,
      timestamp: n.timestamp,
      message: n.message,
      dismissed: n.dismissed_at !== null,
    }))
    .sort(compareNotifications);
  const unread = list.filter((n) => !n.dismissed).length;
  const area = vendor.base_zip
    ? await db
        .select({ name: zipcodes.city, city: zipcodes.city, state_name: zipcodes.state_name })
        .from(zipcodes)
        .where(eq(zipcodes.zip, vendor.base_zip))
        .limit(1)
    : [];
  // Response shape of docs/product.md section 3 "Notification response": [0] list, [1][0].stat, [2] service areas.
  const data: NotificationResponse = [list, [{ stat: unread }], area];
  return c.json({ data });
});

import { and, desc, eq, gte, isNull, lt, ne, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as v from "valibot";
import { normalizeUsPhone } from "../../domain/phone";
import { ServiceOrderStatus } from "../../domain/order-status";
import { postLoginDestination } from "../../domain/roles";
import type { ProfileUpdateBody, RedirectInfo } from "../../schema/payloads/accounts";
import { users } from "../../schema/tables/accounts";
import { serviceOrders } from "../../schema/tables/orders";
import { vendors } from "../../schema/tables/vendors";
import { fail } from "../http/errors";
import { emailOrFail } from "./accounts";
import type { SessionUser } from "./sessions";

/**
 * The signed-in user's own account (docs/product.md section 7, "/account/user/*"): editing the profile and
 * where to go after login. Each takes the drizzle database, the user and the time; the routes in
 * worker/api/account/profile.ts only parse and answer.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A finished job asks for a rating for two weeks; after that the prompt would only nag. */
const RATING_PROMPT_WINDOW_MS = 14 * DAY_MS;

type UserRow = typeof users.$inferSelect;

/**
 * Changes the user's name, address, ZIP or email (a new email is unverified until confirmed; one another
 * account uses is USER_ALREADY_EXISTS). The phone cannot change here: FAIL_TO_PHONE_CHANGE_CONTACT_SUPPORT.
 */
export async function updateProfile(
  db: DrizzleD1Database,
  viewer: SessionUser,
  body: v.InferOutput<typeof ProfileUpdateBody>,
  now: number,
): Promise<UserRow> {
  if (body.phone !== undefined && normalizeUsPhone(body.phone) !== viewer.phone) {
    fail("FAIL_TO_PHONE_CHANGE_CONTACT_SUPPORT");
  }
  const changes: Partial<typeof users.$inferInsert> = { updated_at: now };
  if (body.name !== undefined) changes.name = body.name;
  if (body.address !== undefined) changes.address = body.address || null;
  if (body.zipcode !== undefined) changes.zipcode = body.zipcode;
  if (body.email !== undefined) {
    const email = emailOrFail(body.email);
    const taken = await db
      .select({ id: users.user_id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.user_id, viewer.user_id)))
      .limit(1);
    if (taken.length > 0) fail("USER_ALREADY_EXISTS", { email: "Another account uses this email." });
    changes.email = email;
    // A new address is unverified until its code is confirmed (POST /account/user/email/send, /confirm).
    if (email !== viewer.email) changes.email_verified_at = null;
  }
  const [updated] = await db.update(users).set(changes).where(eq(users.user_id, viewer.user_id)).returning();
  return updated!;
}

/**
 * Where the user goes after login: a finished job of the last two weeks still to rate (redirect 2), a job in
 * progress or within a day (redirect 1), else the role's destination (redirect 0).
 */
export async function redirectInfo(
  db: DrizzleD1Database,
  viewer: SessionUser,
  opts: { saved: boolean },
  now: number,
): Promise<RedirectInfo> {
  const destination = postLoginDestination(viewer, { saved: opts.saved });
  const info: RedirectInfo = { redirect: 0, destination };

  const [unrated] = await db
    .select({ service_order_id: serviceOrders.service_order_id, vendor_name: vendors.display_name })
    .from(serviceOrders)
    .leftJoin(vendors, eq(vendors.vendor_id, serviceOrders.vendor_id))
    .where(
      and(
        eq(serviceOrders.user_id, viewer.user_id),
        eq(serviceOrders.service_order_status_id, ServiceOrderStatus.COMPLETED),
        isNull(serviceOrders.vendor_rating),
        gte(serviceOrders.completion_time, now - RATING_PROMPT_WINDOW_MS),
      ),
    )
    .orderBy(desc(serviceOrders.completion_time))
    .limit(1);
  if (unrated) {
    return {
      ...info,
      redirect: 2,
      service_order_id: unrated.service_order_id,
      vendor_name: unrated.vendor_name ?? undefined,
    };
  }

  const [upcoming] = await db
    .select({ id: serviceOrders.service_order_id })
    .from(serviceOrders)
    .where(
      and(
        eq(serviceOrders.user_id, viewer.user_id),
        or(
          eq(serviceOrders.service_order_status_id, ServiceOrderStatus.IN_PROGRESS),
          and(
            eq(serviceOrders.service_order_status_id, ServiceOrderStatus.SCHEDULED),
            lt(serviceOrders.promised_arrival_time, now + DAY_MS),
          ),
        ),
      ),
    )
    .limit(1);
  if (upcoming) return { ...info, redirect: 1 };
  return info;
}

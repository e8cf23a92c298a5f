import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { iso } from "../../../domain/calendar/time";
import { reminderInstant, reminderTimeAllowed } from "../../../domain/checkout-rules";
import { messageFor } from "../../../domain/messages";
import { normalizeUsPhone } from "../../../domain/phone";
import { ReminderBody } from "../../../schema/payloads/checkout";
import { services } from "../../../schema/tables/catalogue";
import { smsReminders } from "../../../schema/tables/orders";
import { assertHuman } from "../../adapters/botcheck";
import { geoFromEnv } from "../../adapters/geo";
import { zipPlaceOrFail } from "../../catalogue/queries";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { jsonBody } from "../../http/validate";
import { rateLimit } from "../../middleware/rate-limit";

/** Without a ZIP to read the date in, reminders are local to the Eastern zone (where most services are). */
const DEFAULT_ZONE = "America/New_York";

/**
 * POST /sms/reminder (docs/product.md section 7 "Checkout"): schedules a reminder text to book a service on a date;
 * worker/checkout/reminders.ts sendDueReminders sends it from the cron. One reminder per phone, service
 * and time (a repeat answers the first). Mounted at /sms. Signed-in or not; limited per IP.
 */
export const smsReminderApi = new Hono<AppEnv>().post(
  "/reminder",
  rateLimit({ name: "sms-reminder", limit: 10, windowMs: 60_000 }),
  async (c) => {
    const body = await jsonBody(c, ReminderBody);
    await assertHuman(c, body.token);
    const db = c.get("db");
    const now = c.get("now");
    const viewer = c.get("viewer");
    const phone = normalizeUsPhone(body.phone_number);
    if (!phone) fail("PHONE_NOT_VALID", { phone_number: "Enter a US phone number." });
    const [service] = await db
      .select({ service_id: services.service_id })
      .from(services)
      .where(and(eq(services.service_id, body.service_id), eq(services.enable, true)))
      .limit(1);
    if (!service) fail("NOT_FOUND", { service_id: "We couldn't find this service." });
    const zip = body.zipCode ?? viewer?.zipcode ?? null;
    const tz = zip ? (await zipPlaceOrFail(geoFromEnv(c.env, db), zip)).time_zone : DEFAULT_ZONE;
    const at = reminderInstant(body.date, tz);
    if (at === null) fail("INVALID_INPUT", { date: "Use the format YYYY-MM-DD or YYYY-MM-DD HH:MM." });
    if (!reminderTimeAllowed(at, now)) fail("INVALID_INPUT", { date: "Choose a time in the next 12 months." });
    const inserted = await db
      .insert(smsReminders)
      .values({
        user_id: viewer?.user_id ?? null,
        phone,
        service_id: service.service_id,
        remind_at: at,
        created_at: now,
      })
      .onConflictDoNothing()
      .returning({ reminder_id: smsReminders.reminder_id });
    const [row] = await db
      .select()
      .from(smsReminders)
      .where(
        and(
          eq(smsReminders.phone, phone),
          eq(smsReminders.service_id, service.service_id),
          eq(smsReminders.remind_at, at),
        ),
      )
      .limit(1);
    return c.json(
      {
        data: {
          reminder_id: row!.reminder_id,
          phone_number: phone,
          service_id: row!.service_id,
          remind_at: iso(row!.remind_at),
          status: row!.status,
          message: messageFor("REMINDER_SCHEDULED"),
        },
      },
      inserted.length > 0 ? 201 : 200,
    );
  },
);

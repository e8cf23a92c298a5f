import { Hono } from "hono";
import type { ConnectService } from "../../../schema/contracts/admin";
import * as v from "valibot";
import { localToInstant } from "../../../domain/calendar/time";
import { normalizeUsPhone } from "../../../domain/phone";
import { SERVICE_TYPE } from "../../../schema/tables/catalogue";
import { geoFromEnv } from "../../adapters/geo";
import { zipPlaceOrFail } from "../../catalogue/queries";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { rateLimit } from "../../middleware/rate-limit";
import { NumberId } from "../../../schema/payloads/bounds";

export const CONNECT_MAX_PEOPLE = 200;

const RequestBody = v.object({
  business_name: v.pipe(v.string(), v.trim(), v.minLength(2, "Enter the business name."), v.maxLength(120)),
  contact_name: v.pipe(v.string(), v.trim(), v.minLength(2, "Enter your name."), v.maxLength(120)),
  phone: v.pipe(v.string(), v.trim(), v.maxLength(32)),
  email: v.pipe(v.string(), v.trim(), v.email("Please enter a valid email address."), v.maxLength(200)),
  address: v.pipe(v.string(), v.trim(), v.minLength(5, "Enter the street address."), v.maxLength(300)),
  zipcode: v.pipe(v.string(), v.trim(), v.regex(/^\d{5}$/, "Enter a 5 digit ZIP code.")),
  date: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "Pick a date.")),
  time: v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Pick a time.")),
  people: v.pipe(
    v.number(),
    v.integer(),
    v.minValue(2, "Business services are for 2 people or more."),
    v.maxValue(CONNECT_MAX_PEOPLE),
  ),
  service_id: NumberId,
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(1000))),
});

/**
 * /connect: a business asks for services for several people at one address and time (docs/decisions/095).
 * Anyone may send one (a business contact rarely has an account); a per-IP limit keeps it from being a spam
 * relay. Connect staff take it from the queue (/api/connect/admin/requests).
 */
export const connectRequestsApi = new Hono<AppEnv>()
  .get("/services", async (c) => {
    const { results } = await c.env.DB.prepare(
      "SELECT service_id, description, duration_minutes FROM services WHERE type = ? AND enable = 1 ORDER BY description",
    )
      .bind(SERVICE_TYPE.CONNECT)
      .all<ConnectService>();
    return c.json({ data: results });
  })
  .post(
    "/requests",
    rateLimit({ name: "connect-request", limit: 5, windowMs: 3_600_000 }),
    validate("json", RequestBody),
    async (c) => {
      const body = c.req.valid("json");
      const phone = normalizeUsPhone(body.phone);
      if (!phone) fail("PHONE_NOT_VALID", { phone: "Enter a US phone number." });
      const place = await zipPlaceOrFail(geoFromEnv(c.env, c.get("db")), body.zipcode, "zipcode");
      const now = c.get("now");
      const startsAt = localToInstant(body.date, body.time, place.time_zone);
      if (!Number.isFinite(startsAt) || startsAt <= now + 24 * 3_600_000) {
        fail("INVALID_INPUT", { date: "Pick a time at least 24 hours from now." });
      }
      const service = await c.env.DB.prepare(
        "SELECT service_id FROM services WHERE service_id = ? AND type = ? AND enable = 1",
      )
        .bind(body.service_id, SERVICE_TYPE.CONNECT)
        .first();
      if (!service) fail("INVALID_INPUT", { service_id: "Pick one of the business services." });
      const row = await c.env.DB.prepare(
        `INSERT INTO connect_requests (business_name, contact_name, phone, email, address, zipcode, starts_at, time_zone,
         people, service_id, notes, status, requested_by_user_id, created_at, updated_at)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, 'new', ?12, ?13, ?13) RETURNING connect_request_id`,
      )
        .bind(
          body.business_name,
          body.contact_name,
          phone,
          body.email,
          body.address,
          place.zip,
          startsAt,
          place.time_zone,
          body.people,
          body.service_id,
          body.notes || null,
          c.get("viewer")?.user_id ?? null,
          now,
        )
        .first<{ connect_request_id: number }>();
      return c.json({ data: { connect_request_id: row!.connect_request_id }, code: "CONNECT_REQUEST_RECEIVED" }, 201);
    },
  );

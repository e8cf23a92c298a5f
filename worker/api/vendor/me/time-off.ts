import type { TimeOffView } from "../../../../schema/contracts/business";
import { Hono } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import { formatLocal, HOUR_MS, parseLocal } from "../../../../domain/calendar/time";
import { messageFor } from "../../../../domain/messages";
import { calendarFor } from "../../../calendar/calendar-client";
import { fail } from "../../../http/errors";
import type { AppEnv } from "../../../http/types";
import { validate } from "../../../http/validate";
import { requireVendor, viewerOf } from "../../../middleware/roles";

export const TimeOffBody = v.object({
  start: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, "Use YYYY-MM-DD HH:MM.")),
  end: v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, "Use YYYY-MM-DD HH:MM.")),
  note: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(200)))),
});

/** The :id of a time off; anything but a positive id is NOT_FOUND, never a 500. */
function timeOffId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) fail("NOT_FOUND", { id: "We couldn't find this time off." });
  return Number(raw);
}
/**
 * The :id for the validator, checked before the body: an unknown id is NOT_FOUND (a lookup that cannot match),
 * not INVALID_INPUT, so it is not `validate("param", ...)`.
 */
const timeOffParam = validator("param", (p: Record<string, string>) => ({ id: timeOffId(p.id ?? "") }));
const MAX_TIME_OFF_MS = 62 * 24 * HOUR_MS;

/** Local "YYYY-MM-DD HH:MM" pair in the vendor's zone to instants, or the field error. */
function timeOffSpan(body: v.InferOutput<typeof TimeOffBody>, tz: string, now: number) {
  let start: number;
  let end: number;
  try {
    start = parseLocal(body.start, tz);
    end = parseLocal(body.end, tz);
  } catch {
    fail("INVALID_INPUT", { start: "Use YYYY-MM-DD HH:MM." });
  }
  if (!(end > start)) fail("INVALID_INPUT", { end: "Time off must end after it starts." });
  if (end <= now) fail("INVALID_INPUT", { end: "That time has passed." });
  if (end - start > MAX_TIME_OFF_MS) fail("INVALID_INPUT", { end: "Time off can last at most 62 days at a time." });
  return { start, end };
}

async function vendorZone(env: Env, vendorId: number): Promise<string> {
  const row = await env.DB.prepare("SELECT tz FROM vendors WHERE vendor_id = ?").bind(vendorId).first<{ tz: string }>();
  if (!row) fail("NOT_FOUND");
  return row.tz;
}

type TimeOffRow = { time_off_id: number; starts_at: number; ends_at: number; reason: string | null };

function timeOffView(r: TimeOffRow, tz: string): TimeOffView {
  return { id: r.time_off_id, start: formatLocal(r.starts_at, tz), end: formatLocal(r.ends_at, tz), note: r.reason };
}

/**
 * Puts time off on the vendor's calendar object (the authority: it refuses time off over a booked job,
 * atomically with its own bookings) and keeps the D1 row in step; the object's projection makes search stop
 * offering those times at once.
 */
async function placeTimeOff(env: Env, vendorId: number, row: TimeOffRow, now: number, key: string) {
  const answer = await calendarFor(env, vendorId).addTimeOff(
    { vendorId, ref: String(row.time_off_id), start: row.starts_at, end: row.ends_at, now, refuseOverBookings: true },
    key,
  );
  if (!answer.ok) {
    if (answer.code === "TIME_OFF_OVERLAPS_JOB") fail("TIME_OFF_OVERLAPS_JOB");
    fail("INVALID_INPUT", answer.fields);
  }
}

/**
 * The vendor's time off (/api/vendor/me/calendar/time-off): add, move, remove. The calendar object is the
 * authority (it refuses time off over a booked job); the D1 row follows it.
 */
export const vendorTimeOffApi = new Hono<AppEnv>()
  .post("/", requireVendor, validate("json", TimeOffBody), async (c) => {
    const body = c.req.valid("json");
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const tz = await vendorZone(c.env, vendorId);
    const span = timeOffSpan(body, tz, now);
    const row = await c.env.DB.prepare(
      `INSERT INTO vendor_time_off (vendor_id, starts_at, ends_at, reason, created_at) VALUES (?, ?, ?, ?, ?)
       RETURNING time_off_id, starts_at, ends_at, reason`,
    )
      .bind(vendorId, span.start, span.end, body.note ?? null, now)
      .first<TimeOffRow>();
    try {
      await placeTimeOff(c.env, vendorId, row!, now, `timeoff:${row!.time_off_id}:add`);
    } catch (err) {
      await c.env.DB.prepare("DELETE FROM vendor_time_off WHERE time_off_id = ?").bind(row!.time_off_id).run();
      throw err;
    }
    return c.json({ data: timeOffView(row!, tz), message: messageFor("TIME_OFF_SAVED") }, 201);
  })
  .put("/:id", requireVendor, timeOffParam, validate("json", TimeOffBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const tz = await vendorZone(c.env, vendorId);
    const span = timeOffSpan(body, tz, now);
    const before = await c.env.DB.prepare(
      "SELECT time_off_id, starts_at, ends_at, reason FROM vendor_time_off WHERE time_off_id = ? AND vendor_id = ?",
    )
      .bind(id, vendorId)
      .first<TimeOffRow>();
    if (!before) fail("NOT_FOUND", { id: "We couldn't find this time off." });
    const after: TimeOffRow = { ...before, starts_at: span.start, ends_at: span.end, reason: body.note ?? null };
    await placeTimeOff(c.env, vendorId, after, now, `timeoff:${id}:move:${span.start}:${span.end}`);
    await c.env.DB.prepare("UPDATE vendor_time_off SET starts_at = ?, ends_at = ?, reason = ? WHERE time_off_id = ?")
      .bind(after.starts_at, after.ends_at, after.reason, id)
      .run();
    return c.json({ data: timeOffView(after, tz), message: messageFor("TIME_OFF_SAVED") });
  })
  .delete("/:id", requireVendor, timeOffParam, async (c) => {
    const { id } = c.req.valid("param");
    const vendorId = viewerOf(c).vendor_id!;
    const now = c.get("now");
    const row = await c.env.DB.prepare(
      "SELECT time_off_id FROM vendor_time_off WHERE time_off_id = ? AND vendor_id = ?",
    )
      .bind(id, vendorId)
      .first();
    if (!row) fail("NOT_FOUND", { id: "We couldn't find this time off." });
    await calendarFor(c.env, vendorId).removeTimeOff({ vendorId, ref: String(id), now }, `timeoff:${id}:remove`);
    await c.env.DB.prepare("DELETE FROM vendor_time_off WHERE time_off_id = ?").bind(id).run();
    return c.json({ data: { deleted: true }, message: messageFor("TIME_OFF_DELETED") });
  });

import { sql } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import * as v from "valibot";
import type { HolidayPolicy, WeeklySchedule } from "../../domain/calendar/availability";
import { WEEKDAY_KEYS } from "../../domain/calendar/availability";
import { isValidTimeZone, minutesOfTime } from "../../domain/calendar/time";
import type { VendorSettings } from "../../durable/calendar/rpc-types";
import { vendors } from "../../schema/tables/vendors";

/**
 * A vendor's calendar settings (VendorSettings, durable/calendar/rpc-types.ts) as the availability rules need
 * them, read from the vendors row. The Worker loads them from D1 before it calls the vendor's Durable Object, which
 * keeps the newest copy it has seen (by `version`) so its synchronous check never waits on I/O
 * (docs/decisions/011-holds-and-cart.md).
 */
export type { VendorSettings };

const Time = v.pipe(
  v.string(),
  v.check((t) => {
    try {
      const m = minutesOfTime(t);
      return m >= 0 && m <= 24 * 60;
    } catch {
      return false;
    }
  }),
);
const Range = v.tuple([Time, Time]);

const AvailableSetting = v.object({
  weekly: v.optional(v.record(v.picklist(WEEKDAY_KEYS), v.array(Range)), {}),
  same_day: v.optional(v.boolean(), true),
  holidays: v.optional(v.picklist(["skip", "work"]), "skip"),
});

export interface ParsedAvailableSetting {
  weekly: WeeklySchedule;
  sameDay: boolean;
  holidayPolicy: HolidayPolicy;
}

/**
 * vendors.available_setting (shape documented in schema/tables/vendors.ts). A value that does not parse
 * means "not working": a broken setting must never make a vendor look free.
 */
export function parseAvailableSetting(json: string | null | undefined): ParsedAvailableSetting {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? "");
  } catch {
    return { weekly: {}, sameDay: false, holidayPolicy: "skip" };
  }
  const parsed = v.safeParse(AvailableSetting, raw);
  if (!parsed.success) return { weekly: {}, sameDay: false, holidayPolicy: "skip" };
  return { weekly: parsed.output.weekly, sameDay: parsed.output.same_day, holidayPolicy: parsed.output.holidays };
}

/** The columns of `vendors` that settings are built from. */
export interface VendorSettingsRow {
  vendor_id: number;
  updated_at: number;
  tz: string;
  available_setting: string;
  completed_jobs: number;
  reliability: number;
  status: string;
  soft_banned: boolean;
}

export function toVendorSettings(row: VendorSettingsRow): VendorSettings {
  const parsed = parseAvailableSetting(row.available_setting);
  const bookable = row.status === "active" && !row.soft_banned;
  return {
    vendorId: row.vendor_id,
    version: row.updated_at,
    tz: isValidTimeZone(row.tz) ? row.tz : "UTC",
    ...parsed,
    completedJobs: row.completed_jobs,
    reliability: row.soft_banned ? 1 : row.reliability,
    bookable,
  };
}

/** The settings columns of `vendors`, for a select. */
export const settingsColumns = {
  vendor_id: vendors.vendor_id,
  updated_at: vendors.updated_at,
  tz: vendors.tz,
  available_setting: vendors.available_setting,
  completed_jobs: vendors.completed_jobs,
  reliability: vendors.reliability,
  status: vendors.status,
  soft_banned: vendors.soft_banned,
};

/** Settings of these vendors (one query; the ids travel as one JSON parameter, so any number fits). */
export function vendorSettingsQuery(db: DrizzleD1Database, vendorIds: readonly number[]) {
  return db
    .select(settingsColumns)
    .from(vendors)
    .where(sql`${vendors.vendor_id} IN (SELECT value FROM json_each(${JSON.stringify(vendorIds)}))`);
}

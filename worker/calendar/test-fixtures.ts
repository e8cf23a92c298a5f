import { env } from "cloudflare:test";
import type { VendorSettings } from "../../durable/calendar/rpc-types";
import { T0 } from "../test-utils";
import { toVendorSettings } from "./settings";

/**
 * Fixtures of the calendar, availability and cart tests. The test database starts empty, so each test
 * makes its own ZIP, service and vendors with unique ids and names; vendors sit due north of the ZIP centre
 * at a chosen distance (1 degree of latitude is 69.09 miles).
 */
let counter = 0;
const next = () => ++counter + Math.floor(Math.random() * 1e6) * 100;

export const TZ = "America/New_York";
/** Every day 06:00-24:00: any grid start fits. */
export const ALL_WEEK = {
  weekly: Object.fromEntries(["sun", "mon", "tue", "wed", "thu", "fri", "sat"].map((d) => [d, [["06:00", "24:00"]]])),
};

/** A ZIP of our own at a unique point (latitude band of its own so other tests' vendors stay out of range). */
export async function makeZip(opts: { tz?: string; areaId?: number | null } = {}) {
  const n = next();
  const zip = String(10000 + (n % 89999)).padStart(5, "0");
  const latitude = 30 + (n % 1500) / 100; // 30.00 .. 44.99
  const longitude = -100 - (n % 700) / 100;
  await env.DB.prepare(
    "INSERT OR REPLACE INTO zipcodes (zip, city, state, state_name, latitude, longitude, time_zone, area_id) VALUES (?, 'Testville', 'NY', 'New York', ?, ?, ?, ?)",
  )
    .bind(zip, latitude, longitude, opts.tz ?? TZ, opts.areaId ?? null)
    .run();
  return { zip, latitude, longitude };
}

export async function makeService(opts: { minutes?: number; price?: number; type?: number; enable?: boolean } = {}) {
  const n = next();
  const group = await env.DB.prepare(
    "INSERT INTO service_code_groups (name, slug, display_order) VALUES (?, ?, 1) RETURNING service_code_group_id",
  )
    .bind(`Group ${n}`, `group-${n}`)
    .first<{ service_code_group_id: number }>();
  const row = await env.DB.prepare(
    `INSERT INTO services (service_code, slug, description, service_code_group_id, duration_minutes, base_price_cents, type, enable)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING service_id, service_code`,
  )
    .bind(
      `CAL-${n}`,
      `cal-service-${n}`,
      `Calendar Service ${n}`,
      group!.service_code_group_id,
      opts.minutes ?? 60,
      opts.price ?? 9000,
      opts.type ?? 1,
      opts.enable === false ? 0 : 1,
    )
    .first<{ service_id: number; service_code: string }>();
  return { serviceId: row!.service_id, serviceCode: row!.service_code, groupId: group!.service_code_group_id };
}

export interface VendorOpts {
  near: { latitude: number; longitude: number };
  miles?: number;
  rangeMiles?: number;
  setting?: object | string;
  reliability?: number;
  completedJobs?: number;
  isPro?: boolean;
  status?: "active" | "deactivated" | "terminated";
  softBanned?: boolean;
  tz?: string;
  offers?: Array<{ serviceId: number; priceOverride?: number | null; restricted?: boolean }>;
  updatedAt?: number;
}

export async function makeVendor(o: VendorOpts): Promise<number> {
  const n = next();
  const user = await env.DB.prepare(
    "INSERT INTO users (name, phone, email, referral_code, status, created_at, updated_at) VALUES (?, ?, ?, ?, 'active', ?, ?) RETURNING user_id",
  )
    .bind(`Vendor ${n}`, `+1888${String(n % 1e7).padStart(7, "0")}`, `cal-vendor-${n}@example.com`, `CV${n}`, T0, T0)
    .first<{ user_id: number }>();
  const setting = typeof o.setting === "string" ? o.setting : JSON.stringify(o.setting ?? ALL_WEEK);
  const row = await env.DB.prepare(
    `INSERT INTO vendors (user_id, display_name, status, soft_banned, reliability, tz, available_setting, range_miles, latitude, longitude,
       is_pro, completed_jobs, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING vendor_id`,
  )
    .bind(
      user!.user_id,
      `Vendor ${n}`,
      o.status ?? "active",
      o.softBanned ? 1 : 0,
      o.reliability ?? 80,
      o.tz ?? TZ,
      setting,
      o.rangeMiles ?? 15,
      o.near.latitude + (o.miles ?? 1) / 69.09,
      o.near.longitude,
      o.isPro ? 1 : 0,
      o.completedJobs ?? 0,
      T0,
      o.updatedAt ?? T0,
    )
    .first<{ vendor_id: number }>();
  const vendorId = row!.vendor_id;
  for (const offer of o.offers ?? []) {
    await env.DB.prepare(
      "INSERT INTO vendor_services (vendor_id, service_id, enabled, price_override_cents, restricted_at) VALUES (?, ?, 1, ?, ?)",
    )
      .bind(vendorId, offer.serviceId, offer.priceOverride ?? null, offer.restricted ? T0 : null)
      .run();
  }
  return vendorId;
}

/** The vendor's settings as the Worker passes them to the object. */
export async function settingsOf(vendorId: number): Promise<VendorSettings> {
  const row = await env.DB.prepare(
    "SELECT vendor_id, updated_at, tz, available_setting, completed_jobs, reliability, status, soft_banned FROM vendors WHERE vendor_id = ?",
  )
    .bind(vendorId)
    .first<{
      vendor_id: number;
      updated_at: number;
      tz: string;
      available_setting: string;
      completed_jobs: number;
      reliability: number;
      status: string;
      soft_banned: number;
    }>();
  return toVendorSettings({ ...row!, soft_banned: row!.soft_banned === 1 });
}

export function calendarOf(vendorId: number) {
  return env.VENDOR_CALENDAR.get(env.VENDOR_CALENDAR.idFromName(String(vendorId)));
}

/** The vendor's D1 projection once the object's pending changes have landed (holds answer before theirs). */
export async function busyRows(vendorId: number) {
  await calendarOf(vendorId).projected({ vendorId, now: T0 });
  const { results } = await env.DB.prepare(
    "SELECT kind, ref_id, starts_at, ends_at, is_connect, expires_at FROM vendor_busy WHERE vendor_id = ? ORDER BY starts_at",
  )
    .bind(vendorId)
    .all<{
      kind: string;
      ref_id: string;
      starts_at: number;
      ends_at: number;
      is_connect: number;
      expires_at: number | null;
    }>();
  return results;
}

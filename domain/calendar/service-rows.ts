/**
 * The vendor service-availability rows of docs/product.md section 3, the flat shape the vendor page reads
 * (GET /booking/vendorService): one list mixing the vendor's weekly schedule, booked jobs, offered services
 * and other busy time. Vendor-level columns repeat on every row, as in a union of result sets.
 * Field meanings are recorded in docs/decisions/010-calendar-rules.md and on the interface below.
 * The reverse helpers rebuild calendar inputs from rows, so a client can run the same availability rules.
 */
import type { BusyInterval, WeekdayKey, WeeklySchedule } from "./availability";
import { WEEKDAY_KEYS } from "./availability";
import { MINUTE_MS, formatLocal, minutesOfTime, parseLocal, timeOfMinutes } from "./time";

export const ROW_TYPE = {
  /** Weekly working range. */
  BASE_SCHEDULE: 0,
  /** Booked marketplace (non-connect) job: counts for 60% in conflict checks. */
  BOOKED_JOB: 1,
  /** A service the vendor offers. */
  VENDOR_SERVICE: 2,
  /** Other busy time: time off and blocks. */
  OTHER: 3,
  /** Booked connect job: counts in full. */
  BOOKED_CONNECT_JOB: 4,
} as const;

export type RowType = (typeof ROW_TYPE)[keyof typeof ROW_TYPE];

export interface ServiceAvailabilityRow {
  type: RowType;
  /**
   * type 0: "<weekday> HH:MM" start of the range, e.g. "mon 09:00";
   * type 1, 3, 4: local start "YYYY-MM-DD HH:MM" in the vendor's zone (promised_arrival_time format);
   * type 2: the service_code.
   */
  f1: string;
  /** Duration in minutes: of the range (0), the job's listed duration (1, 4), the service (2), the busy time (3). */
  f2: number;
  vendor_id: number;
  /** The vendor-service link id (service code x vendor) on type 2 rows; null on the others. */
  sc_vid: number | null;
  /** Vendors of the standard tier serving the requested ZIP (repeated on every row). */
  standard_vendor_count: number;
  /** Vendors of the pro tier serving the requested ZIP (repeated on every row). */
  pro_vendor_count: number;
  /** 1 when the requesting customer is attached to this vendor (booked them before, holds a client
   * subscription with them or came through their link), else 0 (repeated on every row). */
  vendor_attached: 0 | 1;
}

export interface ServiceRowsInput {
  vendorId: number;
  tz: string;
  weekly: WeeklySchedule;
  jobs: ReadonlyArray<{ start: number; durationMinutes: number; isConnect: boolean }>;
  services: ReadonlyArray<{ serviceCode: string | number; scVid: number; durationMinutes: number }>;
  /** Time off and blocks. */
  other: ReadonlyArray<{ start: number; end: number }>;
  standardVendorCount: number;
  proVendorCount: number;
  attached: boolean;
}

/** Rows in the order: schedule (Sunday first), jobs by start, services as given, other busy time by start. */
export function buildServiceRows(input: ServiceRowsInput): ServiceAvailabilityRow[] {
  const common = {
    vendor_id: input.vendorId,
    standard_vendor_count: input.standardVendorCount,
    pro_vendor_count: input.proVendorCount,
    vendor_attached: (input.attached ? 1 : 0) as 0 | 1,
  };
  const rows: ServiceAvailabilityRow[] = [];
  for (const key of WEEKDAY_KEYS) {
    const ranges = [...(input.weekly[key] ?? [])]
      .map(([a, b]) => [minutesOfTime(a), minutesOfTime(b)] as const)
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    for (const [a, b] of ranges) {
      rows.push({ type: ROW_TYPE.BASE_SCHEDULE, f1: `${key} ${timeOfMinutes(a)}`, f2: b - a, sc_vid: null, ...common });
    }
  }
  for (const j of [...input.jobs].sort((x, y) => x.start - y.start)) {
    rows.push({
      type: j.isConnect ? ROW_TYPE.BOOKED_CONNECT_JOB : ROW_TYPE.BOOKED_JOB,
      f1: formatLocal(j.start, input.tz),
      f2: j.durationMinutes,
      sc_vid: null,
      ...common,
    });
  }
  for (const s of input.services) {
    rows.push({
      type: ROW_TYPE.VENDOR_SERVICE,
      f1: String(s.serviceCode),
      f2: s.durationMinutes,
      sc_vid: s.scVid,
      ...common,
    });
  }
  for (const o of [...input.other].sort((x, y) => x.start - y.start)) {
    rows.push({
      type: ROW_TYPE.OTHER,
      f1: formatLocal(o.start, input.tz),
      f2: Math.round((o.end - o.start) / MINUTE_MS),
      sc_vid: null,
      ...common,
    });
  }
  return rows;
}

/** The weekly schedule described by type 0 rows. */
export function weeklyFromRows(rows: readonly ServiceAvailabilityRow[]): WeeklySchedule {
  const weekly: Partial<Record<WeekdayKey, Array<[string, string]>>> = {};
  for (const r of rows) {
    if (r.type !== ROW_TYPE.BASE_SCHEDULE) continue;
    const [key, time] = r.f1.split(" ") as [WeekdayKey, string];
    const start = minutesOfTime(time);
    (weekly[key] ??= []).push([time, timeOfMinutes(start + r.f2)]);
  }
  return weekly;
}

/** Busy intervals described by type 1, 3 and 4 rows (3 becomes a block). */
export function busyFromRows(rows: readonly ServiceAvailabilityRow[], tz: string): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const r of rows) {
    if (r.type === ROW_TYPE.BASE_SCHEDULE || r.type === ROW_TYPE.VENDOR_SERVICE) continue;
    const start = parseLocal(r.f1, tz);
    busy.push({
      start,
      end: start + r.f2 * MINUTE_MS,
      isConnect: r.type === ROW_TYPE.BOOKED_CONNECT_JOB,
      kind: r.type === ROW_TYPE.OTHER ? "block" : "job",
    });
  }
  return busy;
}

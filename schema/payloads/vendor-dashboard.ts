import * as v from "valibot";
import { WEEKDAY_KEYS } from "../../domain/calendar/availability";
import type { VendorAccountState } from "../../domain/vendors/account-policy";

/**
 * Payloads of the vendor dashboard and calendar (/api/vendor/me/main-details, /calendar, /calendar/settings,
 * /calendar/feed; docs/api.md "Vendor dashboard"). Shared by the Worker and the /business pages.
 */

export const MainDetailsBody = v.optional(v.object({ agreement: v.optional(v.boolean()) }), {});

const LocalDate = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-11-24."));

export const CalendarQuery = v.object({
  from: LocalDate,
  days: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-7]$/, "Show 1 to 7 days."),
      v.transform((s) => Number(s)),
    ),
    "1",
  ),
});

const Time = v.pipe(v.string(), v.regex(/^\d{2}:\d{2}$/, "Times must look like 09:00."));
const Range = v.tuple([Time, Time]);

export const CalendarSettingsBody = v.object({
  available_setting: v.object({
    weekly: v.record(v.picklist(WEEKDAY_KEYS, "Unknown day."), v.array(Range)),
    same_day: v.boolean(),
    holidays: v.picklist(["skip", "work"], 'Use "skip" or "work".'),
  }),
});
export type CalendarSettingsBody = v.InferOutput<typeof CalendarSettingsBody>;
export type AvailableSettingInput = CalendarSettingsBody["available_setting"];

export interface VendorProfileView {
  vendor_id: number;
  name: string;
  photo: string;
  tz: string;
  description: string | null;
  available_setting: AvailableSettingInput;
  reliability: number;
  status: "active" | "deactivated" | "terminated";
  soft_banned: boolean;
  /** What the account allows (domain/vendors/account-policy.ts; docs/decisions/118). */
  account_state: VendorAccountState;
  agreement: boolean;
  /** Features the pro's reliability allows (docs/product.md section 6). */
  can_same_day: boolean;
  can_holidays: boolean;
  completed_jobs: number;
}

/** docs/product.md section 3 "Job/order fields" plus what the dashboard and the job-detail modal show. */
export interface VendorJobView {
  service_order_id: number;
  /** YYYY-MM-DD HH:MM in the job's zone. */
  promised_arrival_time: string;
  /** ISO-8601 UTC. */
  promised_arrival_at: string;
  /** HH:MM local end of the listed duration. */
  end_time: string;
  time_zone: string;
  job_minutes: number;
  is_connect: boolean;
  scheduled_status: number;
  service_order_status_id: number;
  before: string[];
  after: string[];
  testimonial: string[];
  /** The client's photo and name ("Ava B."). */
  photo: string;
  name: string;
  service_id: number;
  service: string;
  /** Full street address for the pro's own jobs; "City, ST 12345" for offers. */
  address: string;
  /** The customer's notes for the pro (access, parking, pets): the pro's own jobs only, null for offers. */
  notes: string | null;
  zipcode: string;
  price_cents: number;
  pay_cents: number;
  tip_cents: number;
  directions_url: string;
  completion_time: string | null;
  /**
   * The pro's own proposal of a new time waiting for the client's answer ("Waiting for client"), if any
   * (docs/decisions/066): the proposed time (YYYY-MM-DD HH:MM local) and when it lapses (ISO-8601 UTC).
   */
  proposal?: { request_id: number; selectedDate: string; expires_at: string | null } | null;
}

export interface VendorOfferView extends VendorJobView {
  /** ISO-8601 UTC: when the offer lapses (null: until the job is taken). */
  expires_at: string | null;
  /** The client chose this pro: passing on it texts the client (docs/decisions/122). */
  chosen: boolean;
}

export interface VendorRequestView {
  request_id: number;
  service_order_id: number;
  /** Current and asked times, YYYY-MM-DD HH:MM local. */
  from: string;
  selectedDate: string;
  expires_at: string | null;
  reason: string | null;
  /** The client also asks for another length of the service (docs/decisions/067): its minutes; null keeps the job's. */
  new_job_minutes?: number | null;
  job: VendorJobView;
}

export type MainDetails = [
  VendorProfileView,
  VendorJobView[],
  VendorJobView[],
  [],
  VendorRequestView[],
  VendorOfferView[],
  number,
];

export type CalendarItemKind = "job" | "reserved" | "hold" | "time_off" | "padding" | "commute";

export interface CalendarItem {
  kind: CalendarItemKind;
  /** Job: service_order_id; time off: its id; others: what they belong to. */
  id: string;
  /** YYYY-MM-DD HH:MM local. */
  start: string;
  end: string;
  /** Minutes from local midnight of this day, clipped to the day (for layout). */
  start_minute: number;
  end_minute: number;
  title: string;
  scheduled_status?: number;
  note?: string | null;
  job?: VendorJobView;
  expires_at?: string | null;
}

export interface CalendarDay {
  date: string;
  weekday: number;
  /** Working ranges that day ("HH:MM"); empty when not working. */
  hours: Array<[string, string]>;
  holiday: string | null;
  /** Holidays off by the pro's setting. */
  off_for_holiday: boolean;
  items: CalendarItem[];
}

export interface CalendarView {
  tz: string;
  from: string;
  days: CalendarDay[];
  badge: number;
  badge_red: boolean;
  padding_minutes: number;
  now: number;
}

export interface FeedView {
  /** The feed URL, shown only when the token is made (it is stored hashed); null afterwards. */
  url: string | null;
  created_at: string | null;
}

/**
 * What has happened on the demo marketplace: past completed jobs with ratings, reviews and before/after
 * pictures, upcoming scheduled jobs (with their busy intervals), open job offers, time off, tips,
 * earnings and payouts, testimonials and each service's f3 list of past jobs.
 */
import { holidayOn } from "../../domain/calendar/holidays";
import { ScheduledStatus, ServiceOrderStatus } from "../../domain/order-status";
import { AREAS, GROUP, SERVICES, areaPrice, serviceById, serviceBySlug, type Service } from "./catalogue";
import { AVA_ADDRESS, DEMO, MAYA_VENDOR_ID, type Customer, type Vendor } from "./people";
import { miles, type Zip } from "./places";
import type { Random } from "./random";
import { reviewComment, type ReviewTopic } from "./reviews";
import type { Row } from "./sql";
import { DAY, HOUR, MINUTE, addDays, localDate, minutesOf, timeOf, weekdayOf, zonedToUtc } from "./time";

type PhotoTheme = 0 | 1 | 2; // demo-art before/after themes: 0 nails, 1 hair, 2 facial

export interface Job {
  service_order_id: number;
  customer: Customer;
  vendor: Vendor | null;
  service: Service;
  status: number;
  scheduled_status: number;
  start: number;
  /** What the customer was charged before discount, the discount, and what the vendor earns. */
  list_price: number;
  discount: number;
  payout: number;
  tip: number;
  completion_time: number | null;
  rating: 3 | 4 | 5 | null;
  notes: string | null;
  rated_at: number | null;
  approved: boolean;
  images: { before: string[]; after: string[]; testimonial: string[] };
  created_at: number;
}

export interface Offer {
  service_order_id: number;
  vendor_id: number;
  offered_at: number;
  expires_at: number;
}

export interface TimeOff {
  time_off_id: number;
  vendor_id: number;
  starts_at: number;
  ends_at: number;
  reason: string;
  created_at: number;
}

function photoTheme(s: Service): PhotoTheme | null {
  if (s.slug === "senior-haircut") return 1;
  if (s.slug === "senior-manicure" || s.slug === "senior-pedicure") return 0;
  if (s.slug === "mens-facial") return 2;
  switch (s.group) {
    case GROUP.NAILS:
      return 0;
    case GROUP.HAIR:
    case GROUP.MENS:
      return 1;
    case GROUP.MAKEUP:
    case GROUP.FACIALS:
    case GROUP.WAXING:
    case GROUP.LASHES:
      return 2;
    default:
      return null;
  }
}

const TOPIC_BY_SLUG: Record<string, ReviewTopic> = {
  blowout: "style",
  "updo-special-occasion": "style",
  "womens-haircut": "haircut",
  "single-process-color": "color",
  balayage: "color",
  "mens-facial": "facial",
};

function reviewTopic(s: Service): ReviewTopic {
  const bySlug = TOPIC_BY_SLUG[s.slug];
  if (bySlug) return bySlug;
  switch (s.group) {
    case GROUP.MASSAGE:
      return "massage";
    case GROUP.HAIR:
      return "hair";
    case GROUP.NAILS:
      return "nails";
    case GROUP.MAKEUP:
      return "makeup";
    case GROUP.FACIALS:
      return "facial";
    case GROUP.WAXING:
      return "brows";
    case GROUP.LASHES:
      return "lashes";
    case GROUP.MENS:
      return "men";
    case GROUP.SENIOR:
      return "senior";
    case GROUP.VIP:
      return "vip";
    case GROUP.BUSINESS:
      return "business";
    default:
      return "facial";
  }
}

export interface Activity {
  jobs: Job[];
  offers: Offer[];
  timeOff: TimeOff[];
}

export function buildActivity(
  r: Random,
  now: number,
  vendors: Vendor[],
  customers: Customer[],
  zips: readonly Zip[],
): Activity {
  const byZip = new Map(zips.map((z) => [z.zip, z]));
  const ava: Customer = {
    user_id: DEMO.CUSTOMER.user_id,
    first: "Ava",
    last: "Brooks",
    name: DEMO.CUSTOMER.name,
    email: DEMO.CUSTOMER.email,
    phone: DEMO.CUSTOMER.phone,
    area: AREAS[0]!,
    zip: byZip.get(AVA_ADDRESS.zipcode)!,
    address: AVA_ADDRESS.address,
    created_at: now - 400 * DAY,
  };
  const vendorById = new Map(vendors.map((v) => [v.vendor_id, v]));
  const maya = vendorById.get(MAYA_VENDOR_ID)!;
  const jobs: Job[] = [];
  const offers: Offer[] = [];
  const timeOff: TimeOff[] = [];
  const photoCount = [0, 0, 0];
  let nextId = 1;

  const priceFor = (v: Vendor | null, s: Service, area = v?.area ?? AREAS[0]!): number =>
    (v ? v.services.get(s.id) : null) ?? areaPrice(s, area);

  const nearCustomers = (v: Vendor): Customer[] => {
    const inArea = customers.filter((c) => c.area.id === v.area.id);
    const dist = (c: Customer) => miles(c.zip.latitude, c.zip.longitude, v.zip.latitude, v.zip.longitude);
    const inRange = inArea.filter((c) => dist(c) <= v.range_miles);
    return inRange.length >= 3 ? inRange : [...inArea].sort((a, b) => dist(a) - dist(b)).slice(0, 5);
  };

  const bookable = (v: Vendor) => [...v.services.keys()].map((id) => serviceById.get(id)!).filter((s) => !s.surcharge);

  const completed = (o: {
    customer: Customer;
    vendor: Vendor;
    service: Service;
    start: number;
    rating: 3 | 4 | 5 | null;
    approved?: boolean;
    photos?: boolean;
  }): Job => {
    const { customer, vendor, service, start } = o;
    const list = priceFor(vendor, service);
    const discount = Math.min(service.discount ?? 0, list);
    const paid = list - discount;
    const end = start + service.minutes * MINUTE;
    const theme = photoTheme(service);
    const images = { before: [] as string[], after: [] as string[], testimonial: [] as string[] };
    if (theme !== null && (o.photos ?? r.chance(0.85))) {
      const k = 3 * photoCount[theme]!++ + theme + 1;
      images.before.push(`/media/demo/before-${k}.svg`);
      images.after.push(`/media/demo/after-${k}.svg`);
      if (r.chance(0.2)) images.testimonial.push(`/media/demo/after-${k}.svg`);
    }
    const rating = o.rating;
    const withComment = rating === 3 || (rating !== null && r.chance(rating === 4 ? 0.85 : 0.8));
    const rated_at = rating === null ? null : Math.min(now - HOUR, end + r.int(1, 48) * HOUR);
    return {
      service_order_id: nextId++,
      customer,
      vendor,
      service,
      status: ServiceOrderStatus.COMPLETED,
      scheduled_status: ScheduledStatus.CONFIRMED,
      start,
      list_price: list,
      discount,
      payout: Math.round(paid * 0.7),
      tip: r.chance(0.45) ? Math.round((paid * r.pick([0.15, 0.18, 0.2, 0.25])) / 100) * 100 : 0,
      completion_time: end,
      rating,
      notes: withComment ? reviewComment((l) => r.pick(l), reviewTopic(service), rating!, vendor.first) : null,
      rated_at,
      approved: rating !== null && (o.approved ?? (rated_at! < now - 7 * DAY || r.chance(0.5))),
      images,
      created_at: start - r.int(2, 12) * DAY,
    };
  };

  const randomRating = (): 3 | 4 | 5 =>
    r.weighted([
      [5, 60],
      [4, 27],
      [3, 13],
    ] as const);

  // Ava's history: a rated blowout and manicure, and a haircut three days ago still waiting for her rating
  // (GET /account/user/getRedirect answers code 2 for it).
  const aaliyah = vendors.find((v) => v.first === "Aaliyah")!;
  const at = (v: Vendor, daysAgo: number, time: string) => zonedToUtc(localDate(now - daysAgo * DAY, v.tz), time, v.tz);
  jobs.push(
    completed({
      customer: ava,
      vendor: maya,
      service: serviceBySlug.get("blowout")!,
      start: at(maya, 41, "10:00"),
      rating: 5,
      approved: true,
      photos: true,
    }),
    completed({
      customer: ava,
      vendor: aaliyah,
      service: serviceBySlug.get("gel-manicure")!,
      start: at(aaliyah, 19, "12:30"),
      rating: 4,
      approved: true,
      photos: true,
    }),
    completed({
      customer: ava,
      vendor: maya,
      service: serviceBySlug.get("womens-haircut")!,
      start: at(maya, 3, "11:00"),
      rating: null,
      photos: true,
    }),
  );
  jobs[0]!.notes =
    "Maya is a magician with a round brush. My blowout lasted five days and she left the bathroom spotless!";

  // Past completed jobs for every vendor, spread over the last 200 days.
  for (const v of vendors) {
    const services = r.shuffle(bookable(v));
    const count = v.vendor_id === MAYA_VENDOR_ID ? 14 : r.int(6, 14);
    const days = new Set<number>();
    while (days.size < count) days.add(r.int(2, 200));
    const pool = nearCustomers(v);
    [...days]
      .sort((a, b) => b - a)
      .forEach((daysAgo, j) => {
        const service = services[j % services.length]!;
        const latest = 18 * 60 - service.minutes;
        const time = timeOf(9 * 60 + 30 * r.int(0, Math.max(0, Math.floor((latest - 9 * 60) / 30))));
        const rated = daysAgo > 2 ? r.chance(0.88) : r.chance(0.5);
        jobs.push(
          completed({
            customer: r.pick(pool),
            vendor: v,
            service,
            start: at(v, daysAgo, time),
            rating: rated ? randomRating() : null,
          }),
        );
      });
  }

  /** Whether the vendor's weekly hours cover the date (holidays only for vendors who work them). */
  const worksOn = (v: Vendor, date: string): boolean =>
    (v.schedule.weekly[weekdayOf(date)] ?? []).length > 0 && (v.schedule.holidays === "work" || !holidayOn(date));

  // Time off: Maya has a class next week; some others take a day.
  let timeOffId = 1;
  const offDates = new Map<number, string>();
  for (const v of vendors) {
    if (v.status !== "active") continue;
    const maya_ = v.vendor_id === MAYA_VENDOR_ID;
    if (!maya_ && !r.chance(0.4)) continue;
    // A day the vendor would otherwise work.
    const today = localDate(now, v.tz);
    const from = maya_ ? 5 : r.int(2, 14);
    let date = addDays(today, from);
    for (let d = from; d < from + 7; d++) {
      date = addDays(today, d);
      if (worksOn(v, date)) break;
    }
    offDates.set(v.vendor_id, date);
    timeOff.push({
      time_off_id: timeOffId++,
      vendor_id: v.vendor_id,
      starts_at: zonedToUtc(date, "00:00", v.tz),
      ends_at: zonedToUtc(addDays(date, 1), "00:00", v.tz),
      reason: maya_
        ? "Continuing education: bridal hair masterclass"
        : r.pick(["Family event", "Personal day", "Doctor's appointment", "Travel"]),
      created_at: now - r.int(1, 10) * DAY,
    });
  }

  /** A start inside the vendor's weekly hours on one of the next days, avoiding time off and used days. */
  const usedDays = new Map<number, Set<string>>();
  const futureStart = (v: Vendor, s: Service, fromDay: number, toDay: number, prefer?: string): number | null => {
    const used = usedDays.get(v.vendor_id) ?? usedDays.set(v.vendor_id, new Set()).get(v.vendor_id)!;
    const today = localDate(now, v.tz);
    const candidates = r.shuffle(Array.from({ length: toDay - fromDay + 1 }, (_, i) => addDays(today, fromDay + i)));
    for (const date of candidates) {
      if (used.has(date) || offDates.get(v.vendor_id) === date || !worksOn(v, date)) continue;
      for (const [a, b] of v.schedule.weekly[weekdayOf(date)] ?? []) {
        const first = minutesOf(a);
        const last = minutesOf(b) - s.minutes;
        if (last < first) continue;
        const time =
          prefer && minutesOf(prefer) >= first && minutesOf(prefer) <= last
            ? prefer
            : timeOf(first + 30 * r.int(0, Math.floor((last - first) / 30)));
        used.add(date);
        return zonedToUtc(date, time, v.tz);
      }
    }
    return null;
  };

  const scheduled = (customer: Customer, v: Vendor, s: Service, start: number, scheduled_status: number): Job => {
    const list = priceFor(v, s);
    const discount = Math.min(s.discount ?? 0, list);
    return {
      service_order_id: nextId++,
      customer,
      vendor: v,
      service: s,
      status: ServiceOrderStatus.SCHEDULED,
      scheduled_status,
      start,
      list_price: list,
      discount,
      payout: Math.round((list - discount) * 0.7),
      tip: 0,
      completion_time: null,
      rating: null,
      notes: null,
      rated_at: null,
      approved: false,
      images: { before: [], after: [], testimonial: [] },
      created_at: now - r.int(1, 6) * DAY,
    };
  };

  // Ava's next appointment: a blowout with Maya in a few days, confirmed.
  const avaNext = futureStart(maya, serviceBySlug.get("blowout")!, 2, 9, "10:00");
  if (avaNext) jobs.push(scheduled(ava, maya, serviceBySlug.get("blowout")!, avaNext, ScheduledStatus.CONFIRMED));

  // Upcoming jobs for every active vendor over the next two weeks; some still wait for the vendor to confirm.
  for (const v of vendors) {
    if (v.status !== "active") continue;
    const maya_ = v.vendor_id === MAYA_VENDOR_ID;
    const count = maya_ ? 4 : r.int(1, 4);
    const pool = nearCustomers(v);
    const services = bookable(v);
    for (let k = 0; k < count; k++) {
      const s = r.pick(services);
      const start = futureStart(v, s, 1, 14);
      if (start === null) continue;
      const unconfirmed = maya_ ? k === 0 : r.chance(0.2);
      jobs.push(
        scheduled(r.pick(pool), v, s, start, unconfirmed ? ScheduledStatus.UNCONFIRMED : ScheduledStatus.CONFIRMED),
      );
    }
  }

  // Open job offers: paid orders nobody has accepted yet, offered to up to three nearby vendors.
  const pendingPlan: { area: number; slug?: string; includeMaya?: boolean }[] = [
    { area: 1, slug: "updo-special-occasion", includeMaya: true },
    { area: 1, slug: "blowout", includeMaya: true },
    { area: 1 },
    { area: 2 },
    { area: 2 },
    { area: 2 },
    { area: 3 },
    { area: 3 },
  ];
  for (const plan of pendingPlan) {
    const areaCustomers = customers.filter((c) => c.area.id === plan.area);
    const customer = plan.includeMaya
      ? [...areaCustomers].sort(
          (a, b) =>
            miles(a.zip.latitude, a.zip.longitude, maya.zip.latitude, maya.zip.longitude) -
            miles(b.zip.latitude, b.zip.longitude, maya.zip.latitude, maya.zip.longitude),
        )[offers.length % 3]!
      : r.pick(areaCustomers);
    const areaVendors = vendors.filter((v) => v.area.id === plan.area && v.status === "active");
    const service = plan.slug
      ? serviceBySlug.get(plan.slug)!
      : r.pick(
          SERVICES.filter(
            (s) => !s.surcharge && s.group <= GROUP.MENS && areaVendors.some((v) => v.services.has(s.id)),
          ),
        );
    const candidates = areaVendors
      .filter((v) => v.services.has(service.id))
      .sort((a, b) =>
        plan.includeMaya ? Number(b.vendor_id === MAYA_VENDOR_ID) - Number(a.vendor_id === MAYA_VENDOR_ID) : 0,
      )
      .slice(0, 3);
    let date = addDays(localDate(now, customer.zip.time_zone), r.int(2, 6));
    let time = r.pick(["10:00", "11:30", "13:00", "15:00", "17:30"]);
    // Offers only for times the pro works and is free (docs/decisions/129): the day moves to one the first
    // candidate works with no time off and no other job, the time into their hours; the others are offered it
    // only when it fits them too. No extra draws, so the rest of the seed stays as it was.
    const freeOn = (v: Vendor, d: string) =>
      worksOn(v, d) && offDates.get(v.vendor_id) !== d && !usedDays.get(v.vendor_id)?.has(d);
    const lead = candidates[0];
    for (let i = 0; i < 14 && (holidayOn(date) || (lead !== undefined && !freeOn(lead, date))); i++) {
      date = addDays(date, 1);
    }
    const fitsHours = (v: Vendor, t: string) =>
      (v.schedule.weekly[weekdayOf(date)] ?? []).some(
        ([a, b]) => minutesOf(t) >= minutesOf(a) && minutesOf(t) + service.minutes <= minutesOf(b),
      );
    if (lead !== undefined && !fitsHours(lead, time)) {
      const range = (lead.schedule.weekly[weekdayOf(date)] ?? []).find(
        ([a, b]) => minutesOf(b) - minutesOf(a) >= service.minutes,
      );
      if (range) time = range[0];
    }
    const offeredTo = candidates.filter((v) => freeOn(v, date) && fitsHours(v, time));
    const start = zonedToUtc(date, time, customer.zip.time_zone);
    const list = areaPrice(service, customer.area);
    const discount = Math.min(service.discount ?? 0, list);
    const job: Job = {
      service_order_id: nextId++,
      customer,
      vendor: null,
      service,
      status: ServiceOrderStatus.PENDING,
      scheduled_status: ScheduledStatus.UNCONFIRMED,
      start,
      list_price: list,
      discount,
      payout: Math.round((list - discount) * 0.7),
      tip: 0,
      completion_time: null,
      rating: null,
      notes: null,
      rated_at: null,
      approved: false,
      images: { before: [], after: [], testimonial: [] },
      created_at: now - r.int(10, 120) * MINUTE,
    };
    jobs.push(job);
    for (const v of offeredTo) {
      offers.push({
        service_order_id: job.service_order_id,
        vendor_id: v.vendor_id,
        offered_at: job.created_at + 2 * MINUTE,
        expires_at: start - 12 * HOUR,
      });
    }
  }

  // Jobs the browser tests own, after every other draw so the rest of the seed stays as it was, and beyond the
  // two weeks of the other upcoming jobs, so the specs that book and complete Ava's earlier jobs never take them.
  // Ava's second upcoming job with Maya: the pro's reschedule (tests/e2e/vendor-reschedule.spec.ts).
  const updo = serviceBySlug.get("updo-special-occasion")!;
  const avaWithMaya = futureStart(maya, updo, 15, 21, "11:00");
  if (avaWithMaya) jobs.push(scheduled(ava, maya, updo, avaWithMaya, ScheduledStatus.CONFIRMED));
  // Ava's 60-minute Swedish massage with a therapist who also offers the 90-minute one and reaches her ZIP: the
  // customer's reschedule to a longer option (tests/e2e/reschedule-price.spec.ts, docs/decisions/067).
  const swedish = serviceBySlug.get("swedish-massage")!;
  const swedish90 = serviceBySlug.get("swedish-massage-90")!;
  const therapist = vendors.find(
    (v) =>
      v.status === "active" &&
      v.area.id === ava.area.id &&
      v.services.has(swedish.id) &&
      v.services.has(swedish90.id) &&
      miles(ava.zip.latitude, ava.zip.longitude, v.zip.latitude, v.zip.longitude) <= v.range_miles,
  );
  const massageStart = therapist ? futureStart(therapist, swedish90, 15, 21, "10:00") : null;
  if (therapist && massageStart) jobs.push(scheduled(ava, therapist, swedish, massageStart, ScheduledStatus.CONFIRMED));
  // Ava's third upcoming job with Maya, a blowout beyond the updo: the spec of added charges moves its start to
  // half an hour ago (tests/e2e/added-charges.spec.ts), so it must be a job no other spec takes.
  const blowout = serviceBySlug.get("blowout")!;
  const blowoutStart = futureStart(maya, blowout, 22, 28, "14:00");
  if (blowoutStart) jobs.push(scheduled(ava, maya, blowout, blowoutStart, ScheduledStatus.CONFIRMED));

  return { jobs, offers, timeOff };
}

// ---------------------------------------------------------------------------------------------------
// Rows

const firstAndInitial = (c: Customer) => `${c.first} ${c.last.charAt(0)}.`;

export function vendorStats(jobs: readonly Job[]): Map<number, { avg_x100: number; count: number; completed: number }> {
  const out = new Map<number, { sum: number; count: number; completed: number }>();
  for (const j of jobs) {
    if (!j.vendor || j.status !== ServiceOrderStatus.COMPLETED) continue;
    const s = out.get(j.vendor.vendor_id) ?? { sum: 0, count: 0, completed: 0 };
    s.completed++;
    if (j.rating !== null && j.approved) {
      s.sum += j.rating;
      s.count++;
    }
    out.set(j.vendor.vendor_id, s);
  }
  return new Map(
    [...out].map(([id, s]) => [
      id,
      { avg_x100: s.count ? Math.round((s.sum * 100) / s.count) : 0, count: s.count, completed: s.completed },
    ]),
  );
}

export function jobRows(jobs: readonly Job[], now: number): { orders: Row[]; serviceOrders: Row[] } {
  const orders: Row[] = [];
  const serviceOrders: Row[] = [];
  for (const j of jobs) {
    const done = j.status === ServiceOrderStatus.COMPLETED;
    const updated = Math.min(now, Math.max(j.created_at, j.rated_at ?? j.completion_time ?? j.created_at));
    orders.push({
      order_id: j.service_order_id,
      user_id: j.customer.user_id,
      status: done ? "completed" : "confirmed",
      subtotal_cents: j.list_price,
      discount_cents: j.discount,
      credit_applied_cents: 0,
      fee_cents: 0,
      tax_cents: 0,
      total_cents: j.list_price - j.discount,
      email: j.customer.email,
      phone: j.customer.phone,
      address: j.customer.address,
      zipcode: j.customer.zip.zip,
      time_zone: j.customer.zip.time_zone,
      payment_intent_id: null,
      idempotency_key: `seed-order-${j.service_order_id}`,
      created_at: j.created_at,
      updated_at: updated,
    });
    serviceOrders.push({
      service_order_id: j.service_order_id,
      order_id: j.service_order_id,
      user_id: j.customer.user_id,
      vendor_id: j.vendor?.vendor_id ?? null,
      service_id: j.service.id,
      service_order_status_id: j.status,
      scheduled_status: j.scheduled_status,
      promised_arrival_time: j.start,
      job_minutes: j.service.minutes,
      is_connect: j.service.connect ?? false,
      address: j.customer.address,
      zipcode: j.customer.zip.zip,
      time_zone: j.customer.zip.time_zone,
      completion_time: j.completion_time,
      cancelled_at: null,
      cancel_reason: null,
      job_images: JSON.stringify(j.images),
      vendor_rating: j.rating,
      vendor_rating_notes: j.notes,
      rated_at: j.rated_at,
      rating_approved: j.approved,
      price_cents: j.list_price - j.discount,
      vendor_payout_cents: j.payout,
      tip_cents: j.tip,
      client_subscription_id: null,
      created_at: j.created_at,
      updated_at: updated,
    });
  }
  return { orders, serviceOrders };
}

/** Up to two testimonials per service from its best approved ratings (pictures first), newest first. */
export function testimonialRows(jobs: readonly Job[]): Row[] {
  const rows: Row[] = [];
  let id = 1;
  for (const s of SERVICES) {
    const best = jobs
      .filter((j) => j.service.id === s.id && j.approved && j.rating === 5 && j.notes)
      .sort((a, b) => Number(b.images.after.length > 0) - Number(a.images.after.length > 0) || b.start - a.start)
      .slice(0, 2);
    best.forEach((j, k) => {
      rows.push({
        testimonial_id: id++,
        service_order_id: j.service_order_id,
        service_id: s.id,
        service_code_group_id: s.group,
        vendor_id: j.vendor!.vendor_id,
        name: firstAndInitial(j.customer),
        rating: j.rating,
        comment: j.notes,
        display_order: 2 - k,
        json_data: JSON.stringify({
          scgid: s.group,
          service_id: s.id,
          vendor_id: j.vendor!.vendor_id,
          vendor_name: j.vendor!.name,
          rating: j.rating,
          comment: j.notes,
        }),
        job_images: JSON.stringify(j.images),
        promised_arrival_time: j.start,
        published: true,
        created_at: j.rated_at!,
      });
    });
  }
  return rows;
}

/** services.f3: JSON of up to six recent rated jobs of each service, pictures first. */
export function serviceF3(jobs: readonly Job[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const s of SERVICES) {
    const past = jobs
      .filter((j) => j.service.id === s.id && j.approved && j.rating !== null && j.rating >= 4)
      .sort((a, b) => Number(b.images.after.length > 0) - Number(a.images.after.length > 0) || b.start - a.start)
      .slice(0, 6);
    if (past.length === 0) continue;
    out.set(
      s.id,
      JSON.stringify(
        past.map((j) => ({
          service_order_id: j.service_order_id,
          name: firstAndInitial(j.customer),
          vendor_id: j.vendor!.vendor_id,
          vendor_name: j.vendor!.name,
          vendor_photo: `/media/demo/vendor-${j.vendor!.vendor_id}.svg`,
          vendor_rating: j.rating,
          vendor_rating_notes: j.notes,
          promised_arrival_time: j.start,
          job_images: j.images,
        })),
      ),
    );
  }
  return out;
}

/** Busy intervals the vendor calendars would have projected: upcoming bookings and time off. */
export function busyRows(jobs: readonly Job[], timeOff: readonly TimeOff[], now: number): Row[] {
  const rows: Row[] = [];
  let id = 1;
  for (const j of jobs) {
    if (!j.vendor || j.status !== ServiceOrderStatus.SCHEDULED) continue;
    rows.push({
      busy_id: id++,
      vendor_id: j.vendor.vendor_id,
      starts_at: j.start,
      ends_at: j.start + j.service.minutes * MINUTE,
      kind: "booking",
      ref_id: String(j.service_order_id),
      is_connect: j.service.connect ?? false,
      expires_at: null,
      updated_at: now,
    });
  }
  for (const t of timeOff) {
    rows.push({
      busy_id: id++,
      vendor_id: t.vendor_id,
      starts_at: t.starts_at,
      ends_at: t.ends_at,
      kind: "time_off",
      ref_id: String(t.time_off_id),
      is_connect: false,
      expires_at: null,
      updated_at: now,
    });
  }
  return rows;
}

/** Tips, earnings lines and weekly payouts (lines older than a week are paid out). */
export function moneyRows(jobs: readonly Job[], now: number): { tips: Row[]; earnings: Row[]; payouts: Row[] } {
  const tips: Row[] = [];
  const earnings: Row[] = [];
  const payouts: Row[] = [];
  // Weeks start on Monday 00:00 UTC (1970-01-05 was a Monday).
  const WEEK = 7 * DAY;
  const MONDAY = 4 * DAY;
  const weekOf = (t: number) => Math.floor((t - MONDAY) / WEEK);
  const batches = new Map<string, { vendor_id: number; week: number; lines: Row[] }>();
  let tipId = 1;
  let earningId = 1;
  const done = jobs
    .filter((j) => j.vendor && j.status === ServiceOrderStatus.COMPLETED)
    .sort((a, b) => a.completion_time! - b.completion_time!);
  for (const j of done) {
    const vendor_id = j.vendor!.vendor_id;
    const end = j.completion_time!;
    const lines: Row[] = [
      {
        earning_id: earningId++,
        vendor_id,
        service_order_id: j.service_order_id,
        kind: "job",
        amount_cents: j.payout,
        ref: `job:${j.service_order_id}`,
        payout_id: null,
        created_at: end,
      },
    ];
    if (j.tip > 0) {
      const tipAt = Math.min(now - HOUR, end + 2 * HOUR);
      tips.push({
        tip_id: tipId,
        service_order_id: j.service_order_id,
        user_id: j.customer.user_id,
        vendor_id,
        amount_cents: j.tip,
        source: "customer",
        status: "succeeded",
        payment_intent_id: null,
        created_at: tipAt,
      });
      lines.push({
        earning_id: earningId++,
        vendor_id,
        service_order_id: j.service_order_id,
        kind: "tip",
        amount_cents: j.tip,
        ref: `tip:${tipId}`,
        payout_id: null,
        created_at: tipAt,
      });
      tipId++;
    }
    earnings.push(...lines);
    if (end < now - WEEK) {
      const week = weekOf(end);
      const key = `${vendor_id}:${week}`;
      const b = batches.get(key) ?? batches.set(key, { vendor_id, week, lines: [] }).get(key)!;
      b.lines.push(...lines);
    }
  }
  let payoutId = 1;
  for (const b of [...batches.values()].sort((x, y) => x.week - y.week || x.vendor_id - y.vendor_id)) {
    const weekEnd = MONDAY + (b.week + 1) * WEEK;
    const created = Math.min(now - 2 * HOUR, weekEnd + DAY);
    for (const l of b.lines) l.payout_id = payoutId;
    payouts.push({
      payout_id: payoutId,
      vendor_id: b.vendor_id,
      amount_cents: b.lines.reduce((s, l) => s + (l.amount_cents as number), 0),
      fee_cents: 0,
      kind: "standard",
      status: "paid",
      idempotency_key: `seed-payout-${b.vendor_id}-${b.week}`,
      transfer_ref: `tr_seed_${payoutId}`,
      failure_reason: null,
      created_at: created,
      paid_at: Math.min(now - HOUR, created + DAY),
    });
    payoutId++;
  }
  return { tips, earnings, payouts };
}

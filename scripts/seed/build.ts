/**
 * Builds the whole seed as SQL statements, in foreign-key order. Everything is computed in memory from a
 * fixed random seed; rows carry fixed ids and go in with INSERT OR IGNORE, so running the seed again
 * changes nothing.
 */
import { createHash } from "node:crypto";
import { hashPassword } from "../../worker/auth/password";
import { busyRows, buildActivity, jobRows, moneyRows, serviceF3, testimonialRows, vendorStats } from "./activity";
import { AREAS, GROUP, catalogueRows, customServiceRows, serviceBySlug, serviceRows } from "./catalogue";
import {
  AVA_ADDRESS,
  AVA_CREDIT_CENTS,
  DEMO,
  DEMO_PASSWORD,
  MAYA_VENDOR_ID,
  buildCustomers,
  buildVendors,
  checkCoverage,
  referralCode,
} from "./people";
import { loadZips, zipRows } from "./places";
import { Random } from "./random";
import { insertRows, type Row } from "./sql";
import { DAY, HOUR, MINUTE, addDays, localDate, zonedToUtc } from "./time";

export interface SeedBuild {
  statements: string[];
  counts: Record<string, number>;
  timings: Record<string, number>;
}

function user(o: {
  user_id: number;
  name: string;
  phone: string;
  email: string;
  password_hash: string | null;
  photo?: string | null;
  vendor_id?: number | null;
  security_groups?: string;
  credit?: number;
  address?: string | null;
  zipcode?: string | null;
  created_at: number;
}): Row {
  return {
    user_id: o.user_id,
    name: o.name,
    phone: o.phone,
    email: o.email,
    password_hash: o.password_hash,
    google_sub: null,
    photo: o.photo ?? null,
    vendor_id: o.vendor_id ?? null,
    security_groups: o.security_groups ?? "",
    rating_weight: 1,
    credit_balance_cents: o.credit ?? 0,
    immediate_credit_amt_cents: 0,
    address: o.address ?? null,
    zipcode: o.zipcode ?? null,
    status: "active",
    referral_code: referralCode(o.name, o.user_id),
    referred_by_user_id: null,
    failed_login_count: 0,
    locked_until: null,
    created_at: o.created_at,
    updated_at: o.created_at,
  };
}

export async function buildSeed(now: number): Promise<SeedBuild> {
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (name: string) => {
    const n = performance.now();
    timings[name] = Math.round(n - t);
    t = n;
  };

  const zips = loadZips();
  lap("zipcodes");

  const r = new Random(20_260_101);
  const vendors = buildVendors(r, zips, now);
  checkCoverage(vendors);
  const customers = buildCustomers(r, zips, now);
  const { jobs, offers, timeOff } = buildActivity(r, now, vendors, customers, zips);
  const stats = vendorStats(jobs);
  lap("data");

  // Each demo account gets its own salt; every other seeded account shares one hash of the same password.
  const [avaHash, mayaHash, connorHash, alexHash, sharedHash] = await Promise.all(
    Array.from({ length: 5 }, () => hashPassword(DEMO_PASSWORD)),
  );
  lap("passwords");

  const byZip = new Map(zips.map((z) => [z.zip, z]));
  const cat = catalogueRows(new Map(AREAS.map((a) => [a.center_zip, byZip.get(a.center_zip)!])));
  const { orders, serviceOrders } = jobRows(jobs, now);
  const money = moneyRows(jobs, now);
  const maya = vendors.find((v) => v.vendor_id === MAYA_VENDOR_ID)!;
  const activeVendors = vendors.filter((v) => v.status === "active");

  const users: Row[] = [
    user({
      ...DEMO.CUSTOMER,
      password_hash: avaHash!,
      credit: AVA_CREDIT_CENTS,
      ...AVA_ADDRESS,
      created_at: now - 400 * DAY,
    }),
    user({
      ...DEMO.VENDOR,
      password_hash: mayaHash!,
      photo: `/media/demo/vendor-${MAYA_VENDOR_ID}.svg`,
      vendor_id: MAYA_VENDOR_ID,
      zipcode: maya.zip.zip,
      created_at: maya.created_at,
    }),
    user({ ...DEMO.CONNECT_ADMIN, password_hash: connorHash!, security_groups: "31", created_at: now - 500 * DAY }),
    user({ ...DEMO.ADMIN, password_hash: alexHash!, security_groups: "50", created_at: now - 600 * DAY }),
    // A manager (group 70, docs/decisions/090): approves held ratings.
    user({
      user_id: 5,
      name: "Morgan Lee",
      phone: "+12125550105",
      email: "manager@example.com",
      password_hash: alexHash!,
      security_groups: "70",
      created_at: now - 600 * DAY,
    }),
    ...vendors
      .filter((v) => v.vendor_id !== MAYA_VENDOR_ID)
      .map((v) =>
        user({
          user_id: v.user_id,
          name: v.name,
          phone: v.phone,
          email: v.email,
          password_hash: sharedHash!,
          photo: `/media/demo/vendor-${v.vendor_id}.svg`,
          vendor_id: v.vendor_id,
          zipcode: v.zip.zip,
          created_at: v.created_at,
        }),
      ),
    ...customers.map((c) =>
      user({
        user_id: c.user_id,
        name: c.name,
        phone: c.phone,
        email: c.email,
        password_hash: sharedHash!,
        address: c.address,
        zipcode: c.zip.zip,
        created_at: c.created_at,
      }),
    ),
  ];

  const vendorRows: Row[] = vendors.map((v) => {
    const s = stats.get(v.vendor_id) ?? { avg_x100: 0, count: 0, completed: 0 };
    const mayaRow = v.vendor_id === MAYA_VENDOR_ID;
    return {
      vendor_id: v.vendor_id,
      user_id: v.user_id,
      display_name: v.name,
      status: v.status,
      soft_banned: false,
      reliability: v.reliability,
      tz: v.tz,
      description: v.description,
      available_setting: JSON.stringify(v.schedule),
      base_zip: v.zip.zip,
      range_miles: v.range_miles,
      latitude: v.zip.latitude,
      longitude: v.zip.longitude,
      is_pro: v.is_pro,
      rating_avg_x100: s.avg_x100,
      rating_count: s.count,
      completed_jobs: s.completed,
      photo: `/media/demo/vendor-${v.vendor_id}.svg`,
      agreement_signed_at: v.created_at + DAY,
      license_upload_id: null,
      license_expires_at: mayaRow ? now + 30 * DAY : v.created_at + 730 * DAY,
      license_status: "approved",
      photo_status: "approved",
      review_note: null,
      payouts_paused: false,
      instant_payout_enabled: v.is_pro,
      created_at: v.created_at,
      updated_at: now,
    };
  });

  const vendorServices: Row[] = vendors.flatMap((v) =>
    [...v.services].map(([service_id, price]) => ({
      vendor_id: v.vendor_id,
      service_id,
      enabled: true,
      price_override_cents: price,
      restricted_at: null,
    })),
  );

  const connected: Row[] = activeVendors.map((v) => ({
    vendor_id: v.vendor_id,
    provider: "local",
    account_id: `acct_seed_${v.vendor_id}`,
    status: "active",
    payouts_enabled: true,
    details_submitted: true,
    created_at: v.created_at + 2 * DAY,
    updated_at: v.created_at + 2 * DAY,
  }));

  const jobOffers: Row[] = offers.map((o, i) => ({
    job_offer_id: i + 1,
    service_order_id: o.service_order_id,
    vendor_id: o.vendor_id,
    status: "offered",
    offered_at: o.offered_at,
    expires_at: o.expires_at,
    responded_at: null,
  }));

  const timeOffRows: Row[] = timeOff.map((x) => ({ ...x }));

  const avaReviewed = jobs.find((j) => j.customer.user_id === DEMO.CUSTOMER.user_id && j.rating === 5);
  const notifications: Row[] = [
    {
      id: 1,
      user_id: null,
      vendor_id: MAYA_VENDOR_ID,
      persistence: 1,
      severity: 1,
      message: "Your cosmetology license expires in 30 days. Upload your renewal to keep receiving jobs.",
      timestamp: now - 2 * HOUR,
      dismissed_at: null,
    },
    {
      id: 2,
      user_id: null,
      vendor_id: MAYA_VENDOR_ID,
      persistence: 0,
      severity: 0,
      message: "Ava B. left you a 5-star review. Keep up the great work!",
      timestamp: avaReviewed?.rated_at ?? now - 30 * DAY,
      dismissed_at: null,
    },
    {
      id: 3,
      user_id: null,
      vendor_id: MAYA_VENDOR_ID,
      persistence: 0,
      severity: 2,
      message: "You have new job offers near you. Accept them before another professional does.",
      timestamp: now - 30 * MINUTE,
      dismissed_at: null,
    },
    {
      id: 4,
      user_id: DEMO.CUSTOMER.user_id,
      vendor_id: null,
      persistence: 0,
      severity: 0,
      message: "Your blowout with Maya is confirmed.",
      timestamp: now - DAY,
      dismissed_at: null,
    },
    ...activeVendors
      .filter((v) => v.vendor_id !== MAYA_VENDOR_ID)
      .map((v, i) => ({
        id: 5 + i,
        user_id: null,
        vendor_id: v.vendor_id,
        persistence: 0,
        severity: 0,
        message: "Keep your weekly hours up to date so customers can book you.",
        timestamp: now - (3 + (i % 5)) * DAY,
        dismissed_at: null,
      })),
  ];

  const applications: Row[] = [
    {
      application_id: 1,
      user_id: null,
      name: "Tessa Quinn",
      phone: "+15550400001",
      email: "tessa.quinn@example.org",
      zipcode: "10025",
      service_groups: JSON.stringify([GROUP.NAILS, GROUP.SENIOR]),
      experience_years: 6,
      about: "Nail tech at a Upper West Side salon for six years; I'd love to offer senior manicures at home.",
      license_number: "NY-NT-48213",
      license_state: "NY",
      license_upload_id: null,
      status: "submitted",
      reviewed_by_user_id: null,
      reviewed_at: null,
      review_notes: null,
      vendor_id: null,
      created_at: now - 2 * DAY,
    },
    {
      application_id: 2,
      user_id: null,
      name: "Marco Bianchi",
      phone: "+15550400002",
      email: "marco.bianchi@example.org",
      zipcode: "90026",
      service_groups: JSON.stringify([GROUP.MASSAGE]),
      experience_years: 11,
      about: "Licensed massage therapist (CAMTC) specialising in sports and deep tissue.",
      license_number: "CAMTC-77120",
      license_state: "CA",
      license_upload_id: null,
      status: "submitted",
      reviewed_by_user_id: null,
      reviewed_at: null,
      review_notes: null,
      vendor_id: null,
      created_at: now - 5 * DAY,
    },
    {
      application_id: 3,
      user_id: null,
      name: "Dana Fox",
      phone: "+15550400003",
      email: "dana.fox@example.org",
      zipcode: "60614",
      service_groups: JSON.stringify([GROUP.MAKEUP]),
      experience_years: 1,
      about: "Just finished my makeup course.",
      license_number: null,
      license_state: null,
      license_upload_id: null,
      status: "ignored",
      reviewed_by_user_id: DEMO.ADMIN.user_id,
      reviewed_at: now - 20 * DAY,
      review_notes: "No portfolio yet; can reapply.",
      vendor_id: null,
      created_at: now - 25 * DAY,
    },
    {
      application_id: 4,
      user_id: null,
      name: "Rex Hollis",
      phone: "+15550400004",
      email: "rex.hollis@example.org",
      zipcode: "75204",
      service_groups: JSON.stringify([GROUP.MENS]),
      experience_years: 3,
      about: "Barber.",
      license_number: "TX-0000",
      license_state: "TX",
      license_upload_id: null,
      status: "rejected",
      reviewed_by_user_id: DEMO.ADMIN.user_id,
      reviewed_at: now - 40 * DAY,
      review_notes: "License number did not verify.",
      vendor_id: null,
      created_at: now - 45 * DAY,
    },
  ];

  const paymentCustomers: Row[] = [
    {
      user_id: DEMO.CUSTOMER.user_id,
      provider: "local",
      provider_customer_id: "cus_seed_1",
      created_at: now - 300 * DAY,
    },
  ];
  const paymentMethods: Row[] = [
    {
      id: "pm_seed_ava_visa",
      user_id: DEMO.CUSTOMER.user_id,
      provider: "local",
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: 2030,
      is_default: true,
      fingerprint: "fp_seed_4242",
      created_at: now - 300 * DAY,
      detached_at: null,
    },
    {
      id: "pm_seed_ava_mc",
      user_id: DEMO.CUSTOMER.user_id,
      provider: "local",
      brand: "mastercard",
      last4: "4444",
      exp_month: 8,
      exp_year: 2029,
      is_default: false,
      fingerprint: "fp_seed_4444",
      created_at: now - 120 * DAY,
      detached_at: null,
    },
  ];
  // The embedded card processor's own record of those cards (what Stripe would hold): brand, last4, expiry,
  // a fingerprint and the test-card outcome. Both seeded cards are ones that succeed (4242..., 5555...4444).
  const localCards: Row[] = paymentMethods.map((m) => ({
    id: m.id,
    brand: m.brand,
    last4: m.last4,
    exp_month: m.exp_month,
    exp_year: m.exp_year,
    fingerprint: m.fingerprint,
    outcome: "succeed",
    decline_code: null,
    error_code: null,
    set_up_off_session: true,
    created_at: m.created_at,
  }));
  const credits: Row[] = [
    {
      entry_id: 1,
      user_id: DEMO.CUSTOMER.user_id,
      delta_cents: 1000,
      reason: "welcome",
      ref: `user:${DEMO.CUSTOMER.user_id}`,
      note: "Welcome credit",
      created_at: now - 400 * DAY,
    },
    {
      entry_id: 2,
      user_id: DEMO.CUSTOMER.user_id,
      delta_cents: AVA_CREDIT_CENTS - 1000,
      reason: "referral",
      ref: "user:201",
      note: "A friend booked with your referral code",
      created_at: now - 60 * DAY,
    },
  ];
  const giftCards: Row[] = [
    {
      gift_card_id: 1,
      code: "DEMO-GIFT-2500",
      amount_cents: 2500,
      balance_cents: 2500,
      purchaser_user_id: DEMO.ADMIN.user_id,
      recipient_name: "A friend",
      recipient_email: null,
      recipient_phone: null,
      message: "Treat yourself!",
      payment_intent_id: null,
      status: "active",
      redeemed_by_user_id: null,
      redeemed_at: null,
      created_at: now - 10 * DAY,
    },
  ];

  const regular = customers.find((c) => c.area.id === 1 && c.user_id !== DEMO.CUSTOMER.user_id)!;
  const blowout = serviceBySlug.get("blowout")!;
  const nextFor = (days: number, time: string) => zonedToUtc(addDays(localDate(now, maya.tz), days), time, maya.tz);
  const clientSubs: Row[] = [
    {
      client_subscription_id: 1,
      vendor_id: MAYA_VENDOR_ID,
      client_user_id: regular.user_id,
      client_name: regular.name,
      client_phone: regular.phone,
      client_email: regular.email,
      service_id: blowout.id,
      price_cents: 7500,
      pending_price_cents: null,
      interval_days: 14,
      next_service_at: nextFor(5, "09:00"),
      job_minutes: blowout.minutes,
      address: regular.address,
      zipcode: regular.zip.zip,
      status: "active",
      payment_method_id: null,
      payment_link_token_hash: null,
      payment_link_expires_at: null,
      last_charged_for: nextFor(-9, "09:00"),
      cancelled_at: null,
      created_at: now - 70 * DAY,
      updated_at: now - 9 * DAY,
    },
    {
      client_subscription_id: 2,
      vendor_id: MAYA_VENDOR_ID,
      client_user_id: null,
      client_name: "Lena Hart",
      client_phone: "+15550400010",
      client_email: null,
      service_id: serviceBySlug.get("womens-haircut")!.id,
      price_cents: 9500,
      pending_price_cents: null,
      interval_days: 42,
      next_service_at: nextFor(12, "14:00"),
      job_minutes: 60,
      address: "88 Bank St, New York, NY 10014",
      zipcode: "10014",
      status: "created",
      payment_method_id: null,
      payment_link_token_hash: null,
      payment_link_expires_at: null,
      last_charged_for: null,
      cancelled_at: null,
      created_at: now - DAY,
      updated_at: now - DAY,
    },
  ];

  const products: Row[] = [
    {
      product_id: 1,
      name: "Professional Gel Polish Kit",
      description: "Twelve best-selling gel shades with base and top coat.",
      image: "/media/demo/service-gel-manicure.svg",
      cost_cents: 6500,
      enable: true,
      display_order: 5,
      created_at: now - 200 * DAY,
    },
    {
      product_id: 2,
      name: "Fitted Massage Table Sheets (set of 3)",
      description: "Soft microfiber sheets, face cradle covers included.",
      image: "/media/demo/service-swedish-massage.svg",
      cost_cents: 4500,
      enable: true,
      display_order: 4,
      created_at: now - 200 * DAY,
    },
    {
      product_id: 3,
      name: "Synthetic Makeup Brush Set",
      description: "Fifteen vegan brushes in a roll-up case.",
      image: "/media/demo/service-event-makeup.svg",
      cost_cents: 5500,
      enable: true,
      display_order: 3,
      created_at: now - 200 * DAY,
    },
    {
      product_id: 4,
      name: "Portable Shampoo Basin",
      description: "Inflatable basin with a hose for washing hair anywhere.",
      image: "/media/demo/service-blowout.svg",
      cost_cents: 3900,
      enable: true,
      display_order: 2,
      created_at: now - 200 * DAY,
    },
    {
      product_id: 5,
      name: "Branded Work Apron",
      description: "Water-resistant apron with tool pockets.",
      image: null,
      cost_cents: 2500,
      enable: true,
      display_order: 1,
      created_at: now - 200 * DAY,
    },
  ];
  const redemptions: Row[] = [
    {
      redemption_id: 1,
      vendor_id: MAYA_VENDOR_ID,
      product_id: 4,
      quantity: 1,
      cost_cents: 3900,
      status: "fulfilled",
      idempotency_key: "seed-redemption-1",
      created_at: now - 2 * DAY,
      fulfilled_at: now - 2 * DAY,
      cancelled_at: null,
      // A product Maya handed a client at a visit: the client's name and her 20 % share, paid with her next payout.
      client_name: "Ava B.",
      vendor_cents: 780,
    },
  ];
  const redemptionEarnings: Row[] = [
    {
      vendor_id: MAYA_VENDOR_ID,
      service_order_id: null,
      kind: "redemption",
      amount_cents: 780,
      ref: "redemption:1",
      payout_id: null,
      created_at: now - 2 * DAY,
    },
  ];

  // Business requests waiting in the connect queue (/connect/admin), as a hotel and an office would send them.
  const nyc = "America/New_York";
  const connectDay = (days: number, time: string) => zonedToUtc(addDays(localDate(now, nyc), days), time, nyc);
  const connectRequests: Row[] = [
    {
      connect_request_id: 1,
      business_name: "The Hudson Loft Hotel",
      contact_name: "Renee Alvarez",
      phone: "+12125550187",
      email: "events@hudsonloft.example",
      address: "356 W 58th St",
      zipcode: "10019",
      starts_at: connectDay(9, "16:00"),
      time_zone: nyc,
      people: 14,
      service_id: 59,
      notes: "Bridal party getting ready in the penthouse suite; two artists if possible.",
      status: "new",
      created_at: now - 5 * HOUR,
      updated_at: now - 5 * HOUR,
    },
    {
      connect_request_id: 2,
      business_name: "Brightline Analytics",
      contact_name: "Sam Okafor",
      phone: "+16465550142",
      email: "office@brightline.example",
      address: "125 W 25th St, 8th floor",
      zipcode: "10001",
      starts_at: connectDay(13, "11:00"),
      time_zone: nyc,
      people: 30,
      service_id: 57,
      notes: "Quarter-end thank-you for the team; a quiet meeting room is booked for the day.",
      status: "new",
      created_at: now - 26 * HOUR,
      updated_at: now - 26 * HOUR,
    },
  ];

  const settings: Row[] = [
    { key: "compatibility_level", value: "1", updated_at: now, updated_by_user_id: null },
    { key: "header_shortcuts", value: JSON.stringify(cat.shortcuts), updated_at: now, updated_by_user_id: null },
  ];

  const testimonials = testimonialRows(jobs);
  const busy = busyRows(jobs, timeOff, now);

  const counts = {
    groups: cat.groups.length,
    services: cat.prices.length / AREAS.length,
    areas: cat.areas.length,
    zipcodes: zips.length,
    priced_zipcodes: zips.filter((z) => z.area_id !== null).length,
    users: users.length,
    vendors: vendorRows.length,
    customers: customers.length + 1,
    completed_jobs: jobs.filter((j) => j.completion_time !== null).length,
    rated_jobs: jobs.filter((j) => j.rating !== null).length,
    upcoming_jobs: jobs.filter((j) => j.completion_time === null && j.vendor).length,
    open_offers: jobOffers.length,
    testimonials: testimonials.length,
    payouts: money.payouts.length,
  };

  const statements = [
    ...insertRows("settings", settings),
    ...insertRows("service_code_groups", cat.groups),
    // Licensed trades: a pro needs a valid licence to offer these (docs/decisions/081).
    "UPDATE service_code_groups SET license_required = 1 WHERE slug IN ('massage', 'hair', 'skin-facials');",
    ...insertRows("services", serviceRows(serviceF3(jobs)), 20),
    ...insertRows("price_areas", cat.areas),
    ...insertRows("service_prices", cat.prices),
    ...insertRows("custom_services", customServiceRows(now)),
    ...insertRows("zipcodes", zipRows(zips), 500),
    ...insertRows("users", users, 100),
    ...insertRows("vendors", vendorRows, 50),
    ...insertRows("vendor_services", vendorServices),
    // Every seeded pro offering a licensed group holds an approved licence for it (decision 121), so pausing and
    // resuming a service works for them; Maya's runs out in 30 days, as her seeded notice says.
    `INSERT INTO uploads (owner_user_id, key, kind, content_type, size_bytes, sha256, created_at)
     SELECT DISTINCT v.user_id, 'private/seed/licence-' || v.vendor_id || '-' || s.service_code_group_id || '.png',
       'license', 'image/png', 0, 'seed-licence-' || v.vendor_id || '-' || s.service_code_group_id, ${now - 30 * DAY}
     FROM vendor_services vs JOIN vendors v ON v.vendor_id = vs.vendor_id
     JOIN services s ON s.service_id = vs.service_id
     JOIN service_code_groups g ON g.service_code_group_id = s.service_code_group_id AND g.license_required = 1;`,
    `INSERT INTO vendor_licenses (vendor_id, service_code_group_id, upload_id, expires_at, status, created_at, updated_at,
       reviewed_at)
     SELECT DISTINCT v.vendor_id, s.service_code_group_id,
       (SELECT upload_id FROM uploads WHERE key = 'private/seed/licence-' || v.vendor_id || '-' || s.service_code_group_id || '.png'),
       CASE WHEN v.vendor_id = ${MAYA_VENDOR_ID} THEN ${now + 30 * DAY} ELSE ${now + 730 * DAY} END,
       'approved', ${now - 30 * DAY}, ${now - 30 * DAY}, ${now - 29 * DAY}
     FROM vendor_services vs JOIN vendors v ON v.vendor_id = vs.vendor_id
     JOIN services s ON s.service_id = vs.service_id
     JOIN service_code_groups g ON g.service_code_group_id = s.service_code_group_id AND g.license_required = 1;`,
    ...insertRows("connected_accounts", connected),
    ...insertRows("client_subscriptions", clientSubs),
    ...insertRows("orders", orders, 100),
    ...insertRows("service_orders", serviceOrders, 50),
    ...insertRows("job_offers", jobOffers),
    ...insertRows("testimonials", testimonials, 50),
    ...insertRows("tips", money.tips),
    ...insertRows("payouts", money.payouts),
    ...insertRows("vendor_earnings", money.earnings),
    ...insertRows("vendor_time_off", timeOffRows),
    ...insertRows("vendor_busy", busy),
    ...insertRows("notifications", notifications),
    ...insertRows("vendor_applications", applications),
    ...insertRows("connect_requests", connectRequests),
    ...insertRows("payment_customers", paymentCustomers),
    ...insertRows("payment_methods", paymentMethods),
    ...insertRows("local_payment_methods", localCards),
    ...insertRows("credit_ledger", credits),
    ...insertRows("gift_cards", giftCards),
    ...insertRows("redemption_products", products),
    ...insertRows("redemptions", redemptions),
    ...insertRows("vendor_earnings", redemptionEarnings),
    ...insertRows("audit_log", [
      {
        id: 1,
        actor_user_id: null,
        action: "seed.applied",
        target_type: "database",
        target_id: null,
        details: JSON.stringify({
          ...counts,
          fingerprint: createHash("sha256").update(JSON.stringify(counts)).digest("hex").slice(0, 12),
        }),
        created_at: now,
      },
    ]),
  ];
  lap("sql");
  return { statements, counts, timings };
}

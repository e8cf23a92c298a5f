/**
 * The demo catalogue: service category groups (with the special groups of docs/product.md section 2 "Category
 * targets"), services with real names, durations and prices, price areas and per-area prices, and the
 * header's quick-search shortcuts.
 */
import type { Row } from "./sql";

export interface Group {
  id: number;
  name: string;
  slug: string;
  description: string;
  display_order: number;
  hidden?: boolean;
  /** The demo-art motif of jobs in this group: before/after pictures exist for nails, hair and facial. */
  photos: "nails" | "hair" | "facial" | null;
}

export const GROUP = {
  MASSAGE: 1,
  HAIR: 2,
  NAILS: 3,
  MAKEUP: 4,
  FACIALS: 5,
  WAXING: 6,
  LASHES: 7,
  SENIOR: 8,
  VIP: 9,
  MENS: 10,
  COMPLETED: 10100,
  GIFT_CARDS: 10010,
  BUSINESS: 10020,
  FOUNDATION: 10030,
} as const;

// prettier-ignore
export const GROUPS: Group[] = [
  { id: 1, name: "Massage", slug: "massage", description: "Relaxing and therapeutic massage with a heated table, fresh linens and music, set up in your living room.", display_order: 1, photos: null },
  { id: 2, name: "Hair", slug: "hair", description: "Cuts, blowouts, color and styling from licensed stylists who bring the salon to you.", display_order: 2, photos: "hair" },
  { id: 3, name: "Nails", slug: "nails", description: "Manicures and pedicures with hospital-grade sterilised tools and a wide polish selection.", display_order: 3, photos: "nails" },
  { id: 4, name: "Makeup", slug: "makeup", description: "Event, bridal and airbrush makeup by professional artists.", display_order: 4, photos: "facial" },
  { id: 5, name: "Skin & Facials", slug: "skin-facials", description: "Customised facials and skin treatments from licensed estheticians.", display_order: 5, photos: "facial" },
  { id: 6, name: "Waxing & Brows", slug: "waxing-brows", description: "Gentle waxing, brow shaping, tinting and lamination.", display_order: 6, photos: "facial" },
  { id: 7, name: "Lashes", slug: "lashes", description: "Lash extensions, fills, lifts and tints.", display_order: 7, photos: "facial" },
  { id: 8, name: "Senior Services", slug: "senior-services", description: "Patient, gentle grooming and relaxation for older adults, at home or in care communities.", display_order: 8, photos: "hair" },
  { id: 9, name: "VIP Services", slug: "vip-services", description: "Multi-hour packages and premium artists for special days.", display_order: 9, photos: null },
  { id: 10, name: "Men's Grooming", slug: "mens-grooming", description: "Haircuts, beard work, hot-towel shaves and facials for men.", display_order: 10, photos: "hair" },
  { id: 10100, name: "Completed Orders", slug: "completed-orders", description: "Book again from your past appointments.", display_order: 100, hidden: true, photos: null },
  { id: 10010, name: "Gift Cards", slug: "gift-cards", description: "eGift cards and account credits.", display_order: 101, photos: null },
  { id: 10020, name: "Business Services", slug: "business-services", description: "Chair massage, wellness days and glam stations for offices and events.", display_order: 102, photos: null },
  { id: 10030, name: "Foundation", slug: "foundation", description: "Our foundation brings free services to caregivers and people in treatment.", display_order: 103, photos: null },
];

export interface Service {
  id: number;
  code: string;
  slug: string;
  name: string;
  group: number;
  minutes: number;
  /** List price in cents (outside any price area). */
  price: number;
  rank: number;
  popular?: boolean;
  surcharge?: boolean;
  discount?: number;
  connect?: boolean;
  about: string;
}

const s = (
  id: number,
  code: string,
  slug: string,
  name: string,
  group: number,
  minutes: number,
  dollars: number,
  rank: number,
  about: string,
  extra: Partial<Pick<Service, "popular" | "surcharge" | "discount" | "connect">> = {},
): Service => ({ id, code, slug, name, group, minutes, price: dollars * 100, rank, about, ...extra });

// prettier-ignore
export const SERVICES: Service[] = [
  // Massage
  s(1, "MSG-SWE-60", "swedish-massage", "Swedish Massage", 1, 60, 119, 100, "Long, flowing strokes that ease tension and calm the nervous system. Ideal for a first massage or a reset after a long week.", { popular: true }),
  s(2, "MSG-DTS-60", "deep-tissue-massage", "Deep Tissue Massage", 1, 60, 139, 95, "Slow, focused pressure on the deeper layers of muscle to release chronic knots in the back, neck and shoulders.", { popular: true }),
  s(3, "MSG-SWE-90", "swedish-massage-90", "Swedish Massage (90 min)", 1, 90, 169, 90, "Our classic relaxation massage with time for a full-body session and extra attention where you need it."),
  s(4, "MSG-HOT-90", "hot-stone-massage", "Hot Stone Massage", 1, 90, 179, 85, "Smooth basalt stones, heated to a soothing warmth, melt away tension as they glide over the muscles."),
  s(5, "MSG-PRE-60", "prenatal-massage", "Prenatal Massage", 1, 60, 129, 80, "Side-lying massage with pregnancy pillows by therapists trained in prenatal care. Second and third trimester."),
  s(6, "MSG-SPT-60", "sports-massage", "Sports Massage", 1, 60, 139, 75, "Stretching, compression and deep work for active bodies, before an event or to recover after one."),
  s(7, "MSG-REF-45", "reflexology-foot-massage", "Reflexology Foot Massage", 1, 45, 89, 70, "Pressure-point work on the feet and lower legs that leaves the whole body lighter."),
  s(8, "MSG-ARO-30", "aromatherapy-add-on", "Aromatherapy Add-On", 1, 30, 25, 10, "Pure essential oil blends (lavender, eucalyptus or citrus) added to any massage.", { surcharge: true }),
  // Hair
  s(9, "HAR-BLO-45", "blowout", "Blowout", 2, 45, 65, 100, "Wash and a smooth, bouncy blowout styled straight, wavy or voluminous. Lasts for days.", { popular: true, discount: 500 }),
  s(10, "HAR-CUT-60", "womens-haircut", "Women's Haircut & Style", 2, 60, 85, 95, "Consultation, wash, precision cut and finish, by stylists with at least five years behind the chair.", { popular: true }),
  s(11, "HAR-CLR-120", "single-process-color", "Single-Process Color", 2, 120, 145, 85, "Root touch-up or all-over color with ammonia-free formulas, finished with a blowout."),
  s(12, "HAR-BAL-180", "balayage", "Balayage", 2, 180, 265, 80, "Hand-painted, soft, sun-kissed highlights with toner and a blowout."),
  s(13, "HAR-KER-150", "keratin-smoothing", "Keratin Smoothing Treatment", 2, 150, 250, 75, "Frizz-free, glossy hair for up to three months with a formaldehyde-free keratin treatment."),
  s(14, "HAR-UPD-75", "updo-special-occasion", "Updo & Special Occasion Style", 2, 75, 120, 70, "Elegant updos, braids and red-carpet waves for weddings, galas and proms."),
  s(15, "HAR-BRD-180", "knotless-braids", "Knotless Braids", 2, 180, 220, 65, "Lightweight, tension-free knotless box braids, medium size, hair included."),
  s(16, "HAR-TRT-30", "deep-conditioning-treatment", "Deep Conditioning Treatment", 2, 30, 35, 10, "A bond-building mask and steam added to any hair service.", { surcharge: true }),
  // Nails
  s(17, "NAL-MAN-30", "classic-manicure", "Classic Manicure", 3, 30, 40, 90, "Shaping, cuticle care, a hand massage and your choice of polish."),
  s(18, "NAL-GEL-45", "gel-manicure", "Gel Manicure", 3, 45, 55, 100, "Chip-free gel color that lasts two weeks or more, with gentle removal of your old set.", { popular: true, discount: 500 }),
  s(19, "NAL-PED-45", "classic-pedicure", "Classic Pedicure", 3, 45, 60, 80, "Soak, shaping, cuticle care, callus smoothing and polish."),
  s(20, "NAL-SPP-60", "spa-pedicure", "Spa Pedicure", 3, 60, 75, 95, "Our most-booked pedicure: sugar scrub, hydrating mask, hot towels and an extended massage.", { popular: true }),
  s(21, "NAL-MPD-105", "gel-manicure-spa-pedicure", "Gel Manicure & Spa Pedicure", 3, 105, 120, 85, "The full treatment for hands and feet, with gel color on the fingers."),
  s(22, "NAL-ACR-90", "acrylic-full-set", "Acrylic Full Set", 3, 90, 85, 70, "Sculpted acrylic extensions in your choice of shape and length."),
  s(23, "NAL-ART-30", "nail-art-add-on", "Nail Art Add-On", 3, 30, 20, 10, "French tips, chrome, florals or minimalist lines on any manicure.", { surcharge: true }),
  // Makeup
  s(24, "MKP-EVT-60", "event-makeup", "Event Makeup", 4, 60, 110, 95, "Camera-ready makeup for parties, photoshoots and nights out, lashes included.", { popular: true }),
  s(25, "MKP-BRD-90", "bridal-makeup", "Bridal Makeup", 4, 90, 195, 90, "Long-wear bridal makeup with a pre-wedding consultation and a touch-up kit."),
  s(26, "MKP-AIR-75", "airbrush-makeup", "Airbrush Makeup", 4, 75, 140, 80, "Weightless, flawless airbrush foundation that lasts all night."),
  s(27, "MKP-LSN-90", "makeup-lesson", "Makeup Lesson", 4, 90, 150, 70, "Learn an everyday and an evening look using the products you already own."),
  s(28, "MKP-LSH-30", "false-lash-application", "False Lash Application", 4, 30, 20, 10, "Strip or cluster lashes added to any makeup service.", { surcharge: true }),
  // Skin & Facials
  s(29, "FAC-SIG-60", "signature-facial", "Signature Facial", 5, 60, 120, 100, "Cleanse, exfoliation, extractions, a custom mask and a face and neck massage.", { popular: true, discount: 1000 }),
  s(30, "FAC-HYD-60", "hydrating-facial", "Hydrating Facial", 5, 60, 135, 90, "Hyaluronic serums and a cooling jelly mask for dry, tired or winter skin."),
  s(31, "FAC-AGE-75", "anti-aging-facial", "Anti-Aging Facial", 5, 75, 155, 85, "Peptides, gentle acids and lifting massage to soften fine lines and restore glow."),
  s(32, "FAC-ACN-60", "acne-clearing-facial", "Acne Clearing Facial", 5, 60, 125, 80, "Deep cleansing, careful extractions and a calming blue-light-free mask for breakout-prone skin."),
  s(33, "FAC-DRM-45", "dermaplaning", "Dermaplaning", 5, 45, 95, 75, "Gentle exfoliation that removes peach fuzz and dead skin for a smooth, bright canvas."),
  s(34, "FAC-PEL-45", "gentle-chemical-peel", "Gentle Chemical Peel", 5, 45, 110, 70, "A light lactic or mandelic peel to even tone and texture with little downtime."),
  // Waxing & Brows
  s(35, "WAX-BRW-30", "brow-shaping", "Brow Shaping", 6, 30, 30, 100, "Wax and tweeze shaping mapped to your features."),
  s(36, "WAX-LAM-45", "brow-lamination-tint", "Brow Lamination & Tint", 6, 45, 75, 95, "Brushed-up, fuller-looking brows that last six weeks, with a custom tint."),
  s(37, "WAX-LEG-60", "full-leg-wax", "Full Leg Wax", 6, 60, 85, 80, "Smooth legs from ankle to upper thigh with low-temperature hard wax."),
  s(38, "WAX-BIK-30", "bikini-wax", "Bikini Wax", 6, 30, 50, 75, "A clean bikini line with gentle hard wax."),
  s(39, "WAX-UND-30", "underarm-wax", "Underarm Wax", 6, 30, 25, 70, "Quick, smooth underarm waxing."),
  // Lashes
  s(40, "LSH-CLS-120", "classic-lash-extensions", "Classic Lash Extensions", 7, 120, 160, 100, "One extension on each natural lash for a mascara look that lasts."),
  s(41, "LSH-VOL-150", "volume-lash-extensions", "Volume Lash Extensions", 7, 150, 200, 95, "Handmade fans for a full, fluffy, dramatic set."),
  s(42, "LSH-LFT-60", "lash-lift-tint", "Lash Lift & Tint", 7, 60, 85, 90, "Curled, darkened natural lashes for six to eight weeks, no extensions needed."),
  s(43, "LSH-FIL-60", "lash-fill", "Lash Fill", 7, 60, 75, 80, "Refresh an existing set within three weeks of your last appointment."),
  // Senior Services
  s(44, "SNR-MAN-45", "senior-manicure", "Senior Manicure & Hand Massage", 8, 45, 50, 100, "A gentle manicure with a warm lotion hand massage, done seated wherever is most comfortable."),
  s(45, "SNR-CUT-45", "senior-haircut", "Senior Haircut at Home", 8, 45, 55, 95, "A wash-and-cut or dry cut by a patient stylist, with no trip to the salon."),
  s(46, "SNR-PED-60", "senior-pedicure", "Senior Pedicure with Foot Care", 8, 60, 70, 90, "Careful nail trimming, callus care and moisturising for comfortable feet."),
  s(47, "SNR-MSG-45", "gentle-senior-massage", "Gentle Senior Massage", 8, 45, 85, 85, "Light-pressure seated or table massage to ease stiffness and improve circulation."),
  // VIP Services
  s(48, "VIP-SPA-180", "vip-spa-day", "VIP Spa Day at Home", 9, 180, 425, 100, "A 60-minute massage, a signature facial and a gel manicure, one after the other, without leaving home.", { popular: true }),
  s(49, "VIP-BRP-180", "bridal-party-glam", "Bridal Party Glam", 9, 180, 395, 95, "Hair and makeup for the bride and two attendants by a lead artist, on the morning of the wedding."),
  s(50, "VIP-CPL-150", "vip-couples-retreat", "VIP Couples Retreat", 9, 150, 399, 90, "Side-by-side massages followed by hydrating facials for two."),
  s(51, "VIP-RCR-120", "red-carpet-ready", "Red Carpet Ready", 9, 120, 295, 85, "Blowout or updo plus full glam makeup from our most-requested artists."),
  // Men's Grooming
  s(52, "MEN-CUT-45", "mens-haircut", "Men's Haircut", 10, 45, 55, 100, "A precision cut and hot-towel finish, clippers or scissors.", { popular: true }),
  s(53, "MEN-BRD-30", "beard-trim", "Beard Trim & Shape", 10, 30, 30, 90, "Line-up, shaping and a beard oil finish."),
  s(54, "MEN-CBT-60", "mens-haircut-beard-trim", "Men's Haircut & Beard Trim", 10, 60, 75, 95, "The full groom: a precision haircut plus beard shaping."),
  s(55, "MEN-SHV-45", "hot-towel-shave", "Hot Towel Shave", 10, 45, 60, 85, "A classic straight-razor shave with hot towels and a cooling balm."),
  s(56, "MEN-FAC-60", "mens-facial", "Men's Facial", 10, 60, 110, 80, "A deep-cleansing facial designed for shaving-stressed skin."),
  // Business services (connect, type 2)
  s(57, "BIZ-CHR-60", "corporate-chair-massage", "Corporate Chair Massage", 10020, 60, 150, 100, "Fifteen-minute seated massages for your team, per therapist hour.", { connect: true }),
  s(58, "BIZ-WEL-180", "office-wellness-day", "Office Wellness Day", 10020, 180, 480, 90, "Chair massage and express manicures for the office, per professional.", { connect: true }),
  s(59, "BIZ-GLM-120", "event-glam-station", "Event Glam Station", 10020, 120, 300, 80, "Touch-up makeup and hair styling for guests at your event, per artist.", { connect: true }),
];

export const serviceById = new Map(SERVICES.map((x) => [x.id, x]));
export const serviceBySlug = new Map(SERVICES.map((x) => [x.slug, x]));

export interface Area {
  id: number;
  name: string;
  slug: string;
  center_zip: string;
  /** Price multiplier against the list price. */
  factor: number;
}

/** Metros with their own prices. NYC and LA are dearer; Dallas a little cheaper than list. */
export const AREAS: Area[] = [
  { id: 1, name: "New York City", slug: "new-york-city", center_zip: "10001", factor: 1.25 },
  { id: 2, name: "Los Angeles", slug: "los-angeles", center_zip: "90012", factor: 1.2 },
  { id: 3, name: "Chicago", slug: "chicago", center_zip: "60602", factor: 1.05 },
  { id: 4, name: "Miami", slug: "miami", center_zip: "33130", factor: 1.1 },
  { id: 5, name: "Dallas", slug: "dallas", center_zip: "75201", factor: 0.95 },
];
export const AREA_RADIUS_MILES = 30;

/** An area's price for a service, rounded to whole dollars ending in 0 or 5. */
export function areaPrice(service: Service, area: Area): number {
  return Math.round((service.price * area.factor) / 500) * 500;
}

export interface Shortcut {
  label: string;
  service_code_group_id: number;
  service_id?: number;
  slug?: string;
}

/**
 * The header's quick-search shortcuts, in docs/product.md order. A category shortcut carries only its group; a
 * service shortcut also carries the service id and slug.
 */
export function headerShortcuts(): Shortcut[] {
  const svc = (label: string, slug: string): Shortcut => {
    const x = serviceBySlug.get(slug);
    if (!x) throw new Error(`seed: shortcut ${label} points at unknown service ${slug}`);
    return { label, service_code_group_id: x.group, service_id: x.id, slug: x.slug };
  };
  return [
    { label: "Senior Services", service_code_group_id: GROUP.SENIOR },
    svc("Blowouts", "blowout"),
    svc("Pedicures", "spa-pedicure"),
    { label: "Massages", service_code_group_id: GROUP.MASSAGE },
    { label: "VIP Services", service_code_group_id: GROUP.VIP },
    svc("Haircuts", "womens-haircut"),
  ];
}

/**
 * Custom services (docs/decisions/134): offered only in one area (or everywhere), by request, listed in their
 * category for customers of that area. New York has a bridal party and an event; Los Angeles a set day;
 * everywhere a corporate chair-massage day.
 */
// prettier-ignore
export const CUSTOM_SERVICES = [
  { id: 1, group: GROUP.HAIR, area: 1, code: "CS-NYC-BRIDAL", name: "Bridal Party Hair & Makeup", description: "Hair and makeup for the bride and up to five others at one address, with a trial the week before.", minutes: 300, price: 95000 },
  { id: 2, group: GROUP.MAKEUP, area: 1, code: "CS-NYC-GALA", name: "Gala Night Glam for Two", description: "Evening makeup and a blowout for two, timed to your event.", minutes: 150, price: 42000 },
  { id: 3, group: GROUP.MAKEUP, area: 2, code: "CS-LA-SET", name: "On-Set Makeup Day", description: "A makeup artist on your shoot for up to eight hours, touch-ups included.", minutes: 480, price: 120000 },
  { id: 4, group: GROUP.MASSAGE, area: null, code: "CS-OFFICE-CHAIR", name: "Office Chair Massage Afternoon", description: "Two therapists, ten-minute chair massages for your team for three hours.", minutes: 180, price: 60000 },
] as const;

export function customServiceRows(now: number): Row[] {
  return CUSTOM_SERVICES.map((c) => ({
    custom_service_id: c.id,
    service_code_group_id: c.group,
    area_id: c.area,
    custom_sc: c.code,
    name: c.name,
    description: c.description,
    duration_minutes: c.minutes,
    price_cents: c.price,
    enable: true,
    created_at: now,
  }));
}

export function catalogueRows(areaCenters: Map<string, { latitude: number; longitude: number }>) {
  const shortcuts = headerShortcuts();
  const groups: Row[] = GROUPS.map((g) => ({
    service_code_group_id: g.id,
    name: g.name,
    slug: g.slug,
    description: g.description,
    display_order: g.display_order,
    // Each group lists the header shortcuts that point into it; settings.header_shortcuts has them all, in order.
    service_shortcuts: JSON.stringify({
      exclude: [],
      shortcuts: shortcuts.filter((x) => x.service_code_group_id === g.id),
    }),
    is_hidden: g.hidden ?? false,
  }));
  const areas: Row[] = AREAS.map((a) => {
    const c = areaCenters.get(a.center_zip);
    if (!c) throw new Error(`seed: no ZIP ${a.center_zip} for area ${a.name}`);
    return {
      area_id: a.id,
      name: a.name,
      slug: a.slug,
      center_zip: a.center_zip,
      latitude: c.latitude,
      longitude: c.longitude,
      radius_miles: AREA_RADIUS_MILES,
    };
  });
  const prices: Row[] = [];
  for (const x of SERVICES)
    for (const a of AREAS) prices.push({ service_id: x.id, area_id: a.id, price_cents: areaPrice(x, a) });
  return { groups, areas, prices, shortcuts };
}

export function serviceRows(f3: Map<number, string>): Row[] {
  return SERVICES.map((x) => ({
    service_id: x.id,
    service_code: x.code,
    slug: x.slug,
    description: x.name,
    long_description: x.about,
    service_code_group_id: x.group,
    order_rank: x.rank,
    is_popular: x.popular ?? false,
    enable: true,
    surcharge: x.surcharge ?? false,
    discount_cents: x.discount ?? 0,
    duration_minutes: x.minutes,
    base_price_cents: x.price,
    type: x.connect ? 2 : 1,
    f3: f3.get(x.id) ?? null,
    image: `/media/demo/service-${x.slug}.svg`,
  }));
}

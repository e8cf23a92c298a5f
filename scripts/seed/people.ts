/**
 * Demo people: the four documented demo accounts, 36 vendors over five metros (with their user accounts,
 * services, weekly hours and bios) and the customers who booked them. Ids are fixed:
 *   users 1-4 demo accounts, 100+n vendor n's account (vendor 1 is Maya Lopez, user 2), 200+ customers.
 */
import { AREAS, SERVICES, serviceBySlug, type Area } from "./catalogue";
import type { Zip } from "./places";
import type { Random } from "./random";
import { DAY } from "./time";

export const DEMO = {
  CUSTOMER: { user_id: 1, name: "Ava Brooks", phone: "+12125550101", email: "ava@example.com" },
  VENDOR: { user_id: 2, name: "Maya Lopez", phone: "+12125550102", email: "maya@example.com" },
  CONNECT_ADMIN: { user_id: 3, name: "Connor Reed", phone: "+12125550103", email: "connect@example.com" },
  ADMIN: { user_id: 4, name: "Alex Morgan", phone: "+12125550104", email: "admin@example.com" },
} as const;
export const DEMO_PASSWORD = "demo-password";
export const MAYA_VENDOR_ID = 1;
export const AVA_ADDRESS = { address: "350 W 31st St, Apt 12B, New York, NY 10001", zipcode: "10001" };
export const AVA_CREDIT_CENTS = 2500;

type Profile = "massage" | "hair" | "nails" | "makeup" | "esthetician" | "lashes" | "barber" | "spa" | "stylist";

// prettier-ignore
const PROFILE_SERVICES: Record<Profile, string[]> = {
  massage: ["swedish-massage", "deep-tissue-massage", "swedish-massage-90", "hot-stone-massage", "prenatal-massage", "sports-massage", "reflexology-foot-massage", "aromatherapy-add-on", "gentle-senior-massage", "corporate-chair-massage", "vip-couples-retreat"],
  hair: ["blowout", "womens-haircut", "single-process-color", "balayage", "keratin-smoothing", "updo-special-occasion", "knotless-braids", "deep-conditioning-treatment", "senior-haircut"],
  nails: ["classic-manicure", "gel-manicure", "classic-pedicure", "spa-pedicure", "gel-manicure-spa-pedicure", "acrylic-full-set", "nail-art-add-on", "senior-manicure", "senior-pedicure"],
  makeup: ["event-makeup", "bridal-makeup", "airbrush-makeup", "makeup-lesson", "false-lash-application", "red-carpet-ready", "bridal-party-glam", "event-glam-station"],
  esthetician: ["signature-facial", "hydrating-facial", "anti-aging-facial", "acne-clearing-facial", "dermaplaning", "gentle-chemical-peel", "brow-shaping", "brow-lamination-tint", "full-leg-wax", "bikini-wax", "underarm-wax", "mens-facial"],
  lashes: ["classic-lash-extensions", "volume-lash-extensions", "lash-lift-tint", "lash-fill", "brow-shaping", "brow-lamination-tint"],
  barber: ["mens-haircut", "beard-trim", "mens-haircut-beard-trim", "hot-towel-shave", "mens-facial", "senior-haircut"],
  spa: ["vip-spa-day", "vip-couples-retreat", "swedish-massage", "deep-tissue-massage", "signature-facial", "hydrating-facial", "gel-manicure", "spa-pedicure", "office-wellness-day"],
  stylist: ["blowout", "womens-haircut", "updo-special-occasion", "deep-conditioning-treatment", "event-makeup", "bridal-makeup", "false-lash-application", "bridal-party-glam", "red-carpet-ready"],
};

const BIOS: Record<Profile, string[]> = {
  massage: [
    "Licensed massage therapist with {years} years of experience in Swedish, deep tissue and prenatal work. I bring a heated table, fresh linens and a calm playlist, and I always start by asking what your body needs today.",
    "Former sports-clinic therapist, now bringing recovery work home. {years} years of deep tissue, stretching and hot stone. Expect firm, thoughtful pressure and a therapist who listens.",
  ],
  hair: [
    "Salon-trained stylist ({years} years) specialising in lived-in color, precision cuts and blowouts that last. I bring everything, including a portable shampoo bowl, and leave your space spotless.",
    "Curly and textured hair specialist with {years} years behind the chair. Braids, silk presses, cuts and color, with products that are kind to your hair.",
  ],
  nails: [
    "Nail tech for {years} years with a spotless sterilisation routine: every tool is autoclaved and every file is single-use. Gel, acrylic and nail art from minimalist to maximalist.",
    "I make at-home manicures and pedicures feel like a spa: warm soaks, sugar scrubs and long massages. {years} years of experience and a kit of over 150 colors.",
  ],
  makeup: [
    "Editorial and bridal makeup artist ({years} years) whose looks have been on runways and in wedding albums. Long-wear, camera-ready and always true to you.",
    "Makeup artist with {years} years of weddings, galas and shoots. I love glowing skin, soft glam and teaching you a trick or two along the way.",
  ],
  esthetician: [
    "Licensed esthetician with {years} years of clinical and spa experience. Facials built around your skin on the day, never a one-size-fits-all routine.",
    "Skin nerd and licensed esthetician ({years} years). Gentle extractions, results-driven peels and flawless brow work.",
  ],
  lashes: [
    "Certified lash artist for {years} years. Classic, hybrid and volume sets mapped to your eye shape, with medical-grade adhesive for sensitive eyes.",
    "Lashes and brows are my whole world: {years} years of extensions, lifts and lamination. Nap through your appointment, wake up done.",
  ],
  barber: [
    "Barber with {years} years in busy downtown shops, now coming to you. Skin fades, classic scissor cuts, beard sculpting and hot-towel shaves.",
    "Old-school barbering with modern technique. {years} years of experience, straight razors and a steady hand.",
  ],
  spa: [
    "Spa director turned independent, with {years} years of luxury hotel experience. I plan and lead VIP spa days at home: massage, facial and nails in one unhurried afternoon.",
    "Massage therapist and esthetician ({years} years) who loves turning a living room into a retreat. Couples sessions and spa parties are my favourite days.",
  ],
  stylist: [
    "Hair and makeup artist with {years} years of weddings, red carpets and editorial work. Blowouts that last, updos that hold, and makeup that photographs beautifully.",
  ],
};

interface VendorSeed {
  first: string;
  last: string;
  area: number;
  profile: Profile;
  /** Fixed base ZIP; otherwise picked near the metro centre. */
  zip?: string;
  status?: "active" | "deactivated";
}

// prettier-ignore
const VENDOR_SEEDS: VendorSeed[] = [
  // New York City (12)
  { first: "Maya", last: "Lopez", area: 1, profile: "stylist", zip: "10011" },
  { first: "Priya", last: "Shah", area: 1, profile: "esthetician" },
  { first: "Daniel", last: "Kim", area: 1, profile: "massage" },
  { first: "Aaliyah", last: "Johnson", area: 1, profile: "nails" },
  { first: "Sofia", last: "Rossi", area: 1, profile: "makeup" },
  { first: "Hana", last: "Sato", area: 1, profile: "lashes" },
  { first: "Marcus", last: "Bell", area: 1, profile: "barber" },
  { first: "Elena", last: "Petrova", area: 1, profile: "spa" },
  { first: "Grace", last: "Okafor", area: 1, profile: "massage" },
  { first: "Camila", last: "Reyes", area: 1, profile: "hair" },
  { first: "Nina", last: "Alvarez", area: 1, profile: "nails" },
  { first: "Jasmine", last: "Lee", area: 1, profile: "esthetician" },
  // Los Angeles (10)
  { first: "Olivia", last: "Chen", area: 2, profile: "massage" },
  { first: "Diego", last: "Ramirez", area: 2, profile: "barber" },
  { first: "Leilani", last: "Kahale", area: 2, profile: "spa" },
  { first: "Chloe", last: "Martin", area: 2, profile: "makeup" },
  { first: "Isabella", last: "Cruz", area: 2, profile: "hair" },
  { first: "Mei", last: "Tanaka", area: 2, profile: "lashes" },
  { first: "Zoe", last: "Parker", area: 2, profile: "nails" },
  { first: "Jordan", last: "Hayes", area: 2, profile: "massage" },
  { first: "Valentina", last: "Morales", area: 2, profile: "esthetician" },
  { first: "Kiara", last: "Washington", area: 2, profile: "nails" },
  // Chicago (8)
  { first: "Rachel", last: "Novak", area: 3, profile: "hair" },
  { first: "Andre", last: "Thompson", area: 3, profile: "barber" },
  { first: "Fatima", last: "Haddad", area: 3, profile: "esthetician" },
  { first: "Megan", last: "O'Brien", area: 3, profile: "nails" },
  { first: "Lucas", last: "Schmidt", area: 3, profile: "massage" },
  { first: "Keisha", last: "Williams", area: 3, profile: "makeup" },
  { first: "Anna", last: "Kowalski", area: 3, profile: "lashes" },
  { first: "Sam", last: "Rivera", area: 3, profile: "spa" },
  // Miami (3)
  { first: "Gabriela", last: "Santos", area: 4, profile: "hair" },
  { first: "Luis", last: "Fernandez", area: 4, profile: "massage" },
  { first: "Natalia", last: "Vega", area: 4, profile: "nails" },
  // Dallas (3)
  { first: "Brittany", last: "Cole", area: 5, profile: "makeup" },
  { first: "Kevin", last: "Tran", area: 5, profile: "nails", status: "deactivated" },
  { first: "Sarah", last: "Mitchell", area: 5, profile: "massage" },
];

/** Weekly hours templates (vendors.available_setting, see schema/tables/vendors.ts for the shape). */
// prettier-ignore
const SCHEDULES: { weekly: Record<string, [string, string][]>; same_day: boolean; holidays: "skip" | "work" }[] = [
  {
    weekly: { mon: [["09:00", "17:00"]], tue: [["09:00", "17:00"]], wed: [["09:00", "17:00"]], thu: [["09:00", "17:00"]], fri: [["09:00", "17:00"]] },
    same_day: true,
    holidays: "skip",
  },
  {
    weekly: { tue: [["08:00", "12:00"], ["13:00", "19:00"]], wed: [["08:00", "12:00"], ["13:00", "19:00"]], thu: [["08:00", "12:00"], ["13:00", "19:00"]], fri: [["08:00", "12:00"], ["13:00", "19:00"]], sat: [["09:00", "17:00"]] },
    same_day: false,
    holidays: "skip",
  },
  {
    weekly: { mon: [["16:00", "21:30"]], wed: [["16:00", "21:30"]], fri: [["16:00", "21:30"]], sat: [["08:00", "20:00"]], sun: [["10:00", "18:00"]] },
    same_day: true,
    holidays: "work",
  },
  {
    weekly: { mon: [["06:00", "14:00"]], tue: [["06:00", "14:00"]], wed: [["06:00", "14:00"]], thu: [["06:00", "14:00"]], fri: [["06:00", "14:00"]], sat: [["07:00", "12:00"]] },
    same_day: true,
    holidays: "skip",
  },
  {
    weekly: { thu: [["10:00", "20:00"]], fri: [["10:00", "20:00"]], sat: [["08:00", "20:00"]], sun: [["08:00", "20:00"]] },
    same_day: false,
    holidays: "work",
  },
];

/**
 * Residential ZIPs near each metro centre with a real street in each, for vendor bases and customer
 * addresses (the ZIP table also holds PO-box and single-building ZIPs, which make odd addresses).
 */
// prettier-ignore
const NEIGHBOURHOODS: Record<number, [zip: string, street: string][]> = {
  1: [
    ["10001", "W 31st St"], ["10003", "E 12th St"], ["10009", "Avenue B"], ["10011", "W 19th St"],
    ["10012", "Prince St"], ["10014", "Bank St"], ["10016", "Lexington Ave"], ["10019", "W 56th St"],
    ["10021", "E 73rd St"], ["10023", "Amsterdam Ave"], ["10024", "W 86th St"], ["10025", "Riverside Dr"],
    ["10028", "E 86th St"], ["10036", "W 44th St"], ["11201", "Court St"], ["11211", "Bedford Ave"],
    ["11215", "7th Ave"], ["11217", "Atlantic Ave"], ["11222", "Franklin St"], ["11238", "Washington Ave"],
    ["11101", "Vernon Blvd"], ["11375", "Austin St"], ["07030", "Washington St"],
  ],
  2: [
    ["90004", "N Larchmont Blvd"], ["90012", "N Broadway"], ["90015", "S Figueroa St"], ["90019", "W Pico Blvd"],
    ["90026", "Sunset Blvd"], ["90027", "Hillhurst Ave"], ["90028", "N Cahuenga Blvd"], ["90036", "Melrose Ave"],
    ["90039", "Glendale Blvd"], ["90046", "N Fairfax Ave"], ["90048", "W 3rd St"], ["90064", "Westwood Blvd"],
    ["90066", "Venice Blvd"], ["90210", "N Canon Dr"], ["90291", "Abbot Kinney Blvd"], ["90292", "Admiralty Way"],
    ["90401", "Ocean Ave"], ["90403", "Montana Ave"], ["91101", "E Colorado Blvd"], ["91105", "S Orange Grove Blvd"],
    ["91201", "N Central Ave"], ["91604", "Ventura Blvd"],
  ],
  3: [
    ["60601", "E Randolph St"], ["60605", "S Michigan Ave"], ["60607", "W Randolph St"], ["60608", "S Halsted St"],
    ["60610", "N Wells St"], ["60611", "E Walton St"], ["60613", "N Clark St"], ["60614", "W Armitage Ave"],
    ["60616", "S Wentworth Ave"], ["60618", "N Rockwell St"], ["60622", "N Milwaukee Ave"], ["60625", "W Lawrence Ave"],
    ["60640", "N Broadway"], ["60647", "N Damen Ave"], ["60657", "W Belmont Ave"], ["60660", "N Sheridan Rd"],
    ["60201", "Sherman Ave"], ["60302", "N Oak Park Ave"],
  ],
  4: [
    ["33130", "SW 8th St"], ["33131", "Brickell Ave"], ["33133", "Main Hwy"], ["33137", "Biscayne Blvd"],
    ["33139", "Collins Ave"], ["33140", "Alton Rd"], ["33145", "Coral Way"], ["33127", "NW 2nd Ave"],
    ["33134", "Miracle Mile"], ["33156", "SW 57th Ave"],
  ],
  5: [
    ["75201", "Ross Ave"], ["75204", "McKinney Ave"], ["75205", "Lovers Ln"], ["75206", "Greenville Ave"],
    ["75214", "Swiss Ave"], ["75219", "Cedar Springs Rd"], ["75225", "Preston Rd"], ["75230", "Forest Ln"],
    ["75209", "Inwood Rd"], ["75248", "Frankford Rd"],
  ],
};

/** The neighbourhoods of an area joined to the ZIP table (and checked against it). */
function neighbourhoods(area: Area, byZip: Map<string, Zip>): { zip: Zip; street: string }[] {
  return NEIGHBOURHOODS[area.id]!.map(([code, street]) => {
    const zip = byZip.get(code);
    if (!zip || zip.area_id !== area.id) throw new Error(`seed: ZIP ${code} is not in the ${area.name} price area`);
    return { zip, street };
  });
}

// prettier-ignore
const FIRST = ["Emma", "Liam", "Noah", "Mia", "Ethan", "Harper", "Lucas", "Amelia", "James", "Ella", "Benjamin", "Aria", "Henry", "Scarlett", "Jack", "Layla", "Owen", "Zara", "Leo", "Nora", "Elijah", "Riley", "Mateo", "Hazel", "Sebastian", "Luna", "Caleb", "Ivy", "Isaac", "Maya", "Julian", "Naomi", "Aiden", "Stella", "Samuel", "Lila", "Gabriel", "Ruby", "Adrian", "Alice"];
// prettier-ignore
const LAST = ["Carter", "Patel", "Nguyen", "Garcia", "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Jackson", "White", "Harris", "Clark", "Lewis", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell", "Mitchell", "Roberts", "Phillips", "Evans", "Turner", "Torres", "Parker", "Collins", "Edwards", "Stewart", "Flores", "Morris", "Murphy", "Cook"];

/** Customers per metro. */
const CUSTOMERS_PER_AREA: Record<number, number> = { 1: 22, 2: 20, 3: 18, 4: 8, 5: 8 };

export interface Vendor {
  vendor_id: number;
  user_id: number;
  first: string;
  last: string;
  name: string;
  email: string;
  phone: string;
  area: Area;
  profile: Profile;
  status: "active" | "deactivated";
  zip: Zip;
  range_miles: number;
  tz: string;
  reliability: number;
  is_pro: boolean;
  schedule: (typeof SCHEDULES)[number];
  description: string;
  /** service_id -> price override in cents (null: the area price). */
  services: Map<number, number | null>;
  created_at: number;
}

export interface Customer {
  user_id: number;
  first: string;
  last: string;
  name: string;
  email: string;
  phone: string;
  area: Area;
  zip: Zip;
  address: string;
  created_at: number;
}

export function referralCode(first: string, userId: number): string {
  // 7919 is prime and 36^3 = 46656 is not a multiple of it, so ids below 46656 give distinct suffixes.
  const suffix = ((userId * 7919) % 46656).toString(36).toUpperCase().padStart(3, "0");
  return `${first
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, "X")}${suffix}`;
}

const pad4 = (n: number) => String(n).padStart(4, "0");
const emailName = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");

export function buildVendors(r: Random, zips: readonly Zip[], now: number): Vendor[] {
  const byZip = new Map(zips.map((z) => [z.zip, z]));
  return VENDOR_SEEDS.map((v, i) => {
    const vendor_id = i + 1;
    const user_id = vendor_id === MAYA_VENDOR_ID ? DEMO.VENDOR.user_id : 100 + vendor_id;
    const area = AREAS.find((a) => a.id === v.area)!;
    const zip = v.zip ? byZip.get(v.zip)! : r.pick(neighbourhoods(area, byZip)).zip;
    const services = new Map<number, number | null>();
    for (const slug of PROFILE_SERVICES[v.profile]) {
      const svc = serviceBySlug.get(slug);
      if (!svc) throw new Error(`seed: profile ${v.profile} lists unknown service ${slug}`);
      // A few vendors charge a little more than the area price for a service they are known for.
      services.set(svc.id, r.chance(0.08) ? Math.round((svc.price * area.factor * 1.1) / 500) * 500 : null);
    }
    const maya = vendor_id === MAYA_VENDOR_ID;
    return {
      vendor_id,
      user_id,
      first: v.first,
      last: v.last,
      name: `${v.first} ${v.last}`,
      email: maya ? DEMO.VENDOR.email : `${emailName(v.first)}.${emailName(v.last)}@example.com`,
      phone: maya ? DEMO.VENDOR.phone : `+1646555${pad4(vendor_id)}`,
      area,
      profile: v.profile,
      status: v.status ?? "active",
      zip,
      range_miles: maya ? 15 : r.pick([10, 12, 15, 20, 25, 30]),
      tz: zip.time_zone,
      reliability: maya ? 82 : r.int(38, 96),
      is_pro: maya || i % 3 === 1,
      schedule: maya ? SCHEDULES[0]! : SCHEDULES[i % SCHEDULES.length]!,
      description: r.pick(BIOS[v.profile]).replace("{years}", String(maya ? 9 : r.int(4, 18))),
      services,
      created_at: now - r.int(220, 900) * DAY,
    };
  });
}

export function buildCustomers(r: Random, zips: readonly Zip[], now: number): Customer[] {
  const byZip = new Map(zips.map((z) => [z.zip, z]));
  const used = new Set<string>(["Ava Brooks"]);
  const out: Customer[] = [];
  let user_id = 200;
  for (const area of AREAS) {
    const homes = neighbourhoods(area, byZip);
    for (let k = 0; k < CUSTOMERS_PER_AREA[area.id]!; k++) {
      let first = r.pick(FIRST);
      let last = r.pick(LAST);
      while (used.has(`${first} ${last}`)) [first, last] = [r.pick(FIRST), r.pick(LAST)];
      used.add(`${first} ${last}`);
      const { zip, street } = r.pick(homes);
      const id = user_id++;
      out.push({
        user_id: id,
        first,
        last,
        name: `${first} ${last}`,
        email: `${emailName(first)}.${emailName(last)}${id}@example.net`,
        phone: `+1917555${pad4(id)}`,
        area,
        zip,
        address: `${r.int(12, 980)} ${street}, ${zip.city}, ${zip.state} ${zip.zip}`,
        created_at: now - r.int(40, 700) * DAY,
      });
    }
  }
  return out;
}

/** Every bookable service is offered by an active vendor in each of the three big metros. */
export function checkCoverage(vendors: readonly Vendor[]): void {
  for (const area of [1, 2, 3]) {
    const offered = new Set(
      vendors.filter((v) => v.area.id === area && v.status === "active").flatMap((v) => [...v.services.keys()]),
    );
    const missing = SERVICES.filter((s) => !offered.has(s.id));
    if (missing.length)
      throw new Error(`seed: area ${area} has no vendor for ${missing.map((s) => s.slug).join(", ")}`);
  }
}

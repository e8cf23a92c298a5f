import { png as encodePng } from "../uploads/test-encoders";
import { env } from "cloudflare:test";
import { Client, promote, signUp } from "../test-utils";
import { insertGroup, insertService, insertZip, north } from "../catalogue/test-fixtures";
import type { Pixels } from "../../domain/image-quality";
import { jpeg } from "../uploads/test-encoders";

/**
 * Fixtures for becoming a pro: a small world of ZIPs around Portland-ish coordinates, a licensed group
 * (Massage) and an unlicensed one (Nails), test images that pass the upload check, and helpers that
 * apply and approve.
 */
export const HOME = { zip: "97201", lat: 45.5, lng: -122.7 };
export const INSIDE = "97202"; // 5 miles north
export const OUTSIDE = "97203"; // 30 miles north
export const MOVED = "97204"; // 3 miles north

let seq = 0;

/** A PNG header (signature + IHDR with the given size) and random bytes: the upload check reads no further. */
/** A real PNG of random colour noise (each call a different picture): it decodes to its end, as licences must. */
export function png(width = 240, height = 240): Uint8Array<ArrayBuffer> {
  return encodePng(randomPixels(width, height)) as Uint8Array<ArrayBuffer>;
}

/** Random colour noise (crypto-random, so no two calls are alike), opaque RGBA. */
export function randomPixels(width = 240, height = 240): Pixels {
  const data = new Uint8Array(width * height * 4);
  for (let o = 0; o < data.length; o += 65536) crypto.getRandomValues(data.subarray(o, o + 65536));
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width, height, data };
}

/**
 * A real profile photo: a JPEG of random colour noise (240 x 240 unless told, or of the pixels given). It
 * decodes and passes the docs/product.md section 5 image check, and each call is a different picture, so no upload is a duplicate.
 */
export function photo(
  width = 240,
  height = 240,
  pixels: Pixels = randomPixels(width, height),
): Uint8Array<ArrayBuffer> {
  return jpeg(pixels, 80) as Uint8Array<ArrayBuffer>;
}

export function file(bytes: Uint8Array<ArrayBuffer>, name: string, type = "image/png"): File {
  return new File([bytes], name, { type });
}

export interface World {
  massage: number;
  nails: number;
  massageServices: number[];
  nailService: number;
}

export async function world(): Promise<World> {
  await insertZip({
    zip: HOME.zip,
    city: "Home",
    state: "OR",
    latitude: HOME.lat,
    longitude: HOME.lng,
    time_zone: "America/Los_Angeles",
  });
  for (const [zip, miles] of [
    [INSIDE, 5],
    [OUTSIDE, 30],
    [MOVED, 3],
  ] as const) {
    const p = north(HOME.lat, HOME.lng, miles);
    await insertZip({
      zip,
      city: `North ${miles}`,
      state: "OR",
      latitude: p.lat,
      longitude: p.lng,
      time_zone: "America/Los_Angeles",
    });
  }
  const massage = await insertGroup({ name: "Massage" });
  const nails = await insertGroup({ name: "Nails" });
  await env.DB.prepare("UPDATE service_code_groups SET license_required = 1 WHERE service_code_group_id = ?")
    .bind(massage)
    .run();
  const massageServices = [
    await insertService({ group: massage, description: "Swedish Massage", base_price_cents: 12000 }),
    await insertService({ group: massage, description: "Deep Tissue", base_price_cents: 14000 }),
  ];
  const nailService = await insertService({ group: nails, description: "Manicure", base_price_cents: 4500 });
  return { massage, nails, massageServices, nailService };
}

export async function groupSlug(id: number): Promise<string> {
  const row = await env.DB.prepare("SELECT slug FROM service_code_groups WHERE service_code_group_id = ?")
    .bind(id)
    .first<{ slug: string }>();
  return row!.slug;
}

export function applicationForm(w: World, overrides: Record<string, string | File | null> = {}): FormData {
  seq += 1;
  const fields: Record<string, string | File | null> = {
    name: `Pat Pro ${seq}`,
    phone: "(503) 555-01" + String(10 + (seq % 89)),
    email: `pat${seq}@example.com`,
    zipcode: HOME.zip,
    radius_miles: "10",
    experience_years: "6",
    about: "Licensed massage therapist.",
    service_groups: `${w.massage},${w.nails}`,
    license_number: "LMT-12345",
    license_state: "OR",
    license_expires: "2028-06-30",
    license: file(png(600, 400), "licence.png"),
    photo: file(photo(), "me.jpg", "image/jpeg"),
    agreement: "1",
    ...overrides,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) form.append(k, v);
  return form;
}

export async function adminClient(): Promise<Client> {
  const admin = new Client();
  const a = await signUp(admin, { name: "Staff Sam" });
  await promote(a.profile.user_id, { groups: "12,50" });
  return admin;
}

/** Signs up an applicant, applies, and has staff approve; returns the pro's client (now a vendor). */
export async function approvedPro(w: World, admin: Client, overrides: Record<string, string | File | null> = {}) {
  const pro = new Client();
  await signUp(pro, { name: "Pat Pro" });
  const applied = await pro.post("/api/vendor/create", applicationForm(w, overrides));
  if (applied.status !== 201) throw new Error(`apply failed: ${JSON.stringify(applied.body)}`);
  const approved = await admin.post(`/api/admin/applications/${applied.body.data.application_id}/approve`);
  if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return {
    pro,
    vendorId: approved.body.data.vendor_id as number,
    applicationId: applied.body.data.application_id as number,
  };
}

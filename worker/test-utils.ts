import { env, SELF } from "cloudflare:test";

/**
 * Helpers for integration tests: requests through the real Worker (SELF.fetch) with a cookie jar, a movable
 * clock (x-test-now, read only by the test entry's clock, worker/test-entry.ts) and same-origin headers.
 */
export const ORIGIN = "https://glow.test";
export const T0 = Date.UTC(2026, 10, 22, 15, 0, 0);

export interface Reply<T = any> {
  status: number;
  body: T;
  setCookie: string | null;
}

let clientCounter = 0;

export class Client {
  cookie: string | null = null;
  now = T0;
  /** Each client is its own visitor, so per-IP rate limits of one test don't spill into another. */
  ip = `10.0.${Math.floor(++clientCounter / 250)}.${clientCounter % 250}`;

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const h: Record<string, string> = { "x-test-now": String(this.now), "cf-connecting-ip": this.ip, ...headers };
    if (this.cookie) h.cookie = this.cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = typeof body === "string" ? body : JSON.stringify(body);
      h["content-type"] ??= "application/json";
    }
    if (method !== "GET" && method !== "HEAD") h.origin ??= ORIGIN;
    const res = await SELF.fetch(`${ORIGIN}${path}`, { method, headers: h, body: payload });
    const setCookie = res.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0]!;
      this.cookie = /max-age=0|expires=thu, 01 jan 1970/i.test(setCookie) ? null : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, setCookie };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.call<T>("GET", path, undefined, headers);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.call<T>("POST", path, body, headers);
  put = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) =>
    this.call<T>("PUT", path, body, headers);
}

let phoneCounter = 0;
/** A fresh valid US phone per call, so tests never collide on accounts. */
export function freshPhone(): string {
  phoneCounter += 1;
  const n = (Date.now() % 1_000_000) * 10 + (phoneCounter % 10);
  return `+1415${String(2_000_000 + (n % 7_999_999)).padStart(7, "0")}`;
}

export async function lastCodeSentTo(phone: string): Promise<string> {
  const row = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${phone}`);
  return code;
}

/** Signs up and confirms a customer; the client ends signed in. */
export async function signUp(
  client: Client,
  overrides: Partial<{ name: string; phone: string; email: string; password: string }> = {},
) {
  const phone = overrides.phone ?? freshPhone();
  const account = {
    name: overrides.name ?? "Test Customer",
    phone,
    email: overrides.email ?? `${phone.slice(2)}@example.com`,
    password: overrides.password ?? "correct horse",
  };
  const started = await client.post("/api/accounts", account);
  if (started.status !== 201) throw new Error(`signup failed: ${JSON.stringify(started.body)}`);
  const code = await lastCodeSentTo(phone);
  const done = await client.post("/api/validateOtp", { phone, code });
  if (done.status !== 200) throw new Error(`otp failed: ${JSON.stringify(done.body)}`);
  return { ...account, profile: done.body.data };
}

/** Gives an existing user staff groups or a vendor id directly in D1 (staff tools come later). */
export async function promote(userId: number, opts: { groups?: string; vendorId?: number }) {
  if (opts.groups !== undefined)
    await env.DB.prepare("UPDATE users SET security_groups = ? WHERE user_id = ?").bind(opts.groups, userId).run();
  if (opts.vendorId !== undefined)
    await env.DB.prepare("UPDATE users SET vendor_id = ? WHERE user_id = ?").bind(opts.vendorId, userId).run();
}

/** A vendor business row owned by the user, linked as the user's vendor_id. Returns the vendor_id. */
export async function makeVendor(
  userId: number,
  opts: { name?: string; tz?: string; baseZip?: string } = {},
): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO vendors (user_id, display_name, tz, base_zip, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING vendor_id`,
  )
    .bind(userId, opts.name ?? "Test Vendor", opts.tz ?? "America/New_York", opts.baseZip ?? null, T0, T0)
    .first<{ vendor_id: number }>();
  await promote(userId, { vendorId: row!.vendor_id });
  return row!.vendor_id;
}

/** Signed-in clients for every role of SPEC section 6 (signed-out included). */
export async function roleClients() {
  const anonymous = new Client();
  const customer = new Client();
  await signUp(customer, { name: "Role Customer" });
  const vendor = new Client();
  const v = await signUp(vendor, { name: "Role Vendor" });
  await makeVendor(v.profile.user_id);
  const connect = new Client();
  const ca = await signUp(connect, { name: "Role Connect" });
  await promote(ca.profile.user_id, { groups: "31" });
  const admin = new Client();
  const ad = await signUp(admin, { name: "Role Admin" });
  await promote(ad.profile.user_id, { groups: "12,50" });
  return { anonymous, customer, vendor, connect, admin };
}

import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { world, CARDS, key } from "../checkout/test-fixtures";
import { enqueueDue, type CronEnvelope } from "../cron/queue";
import { Client, promote, signUp } from "../test-utils";

/**
 * Client subscription dates are local dates and times at the service address (America/New_York here), across
 * the DST change of Sunday 1 November 2026, with fixed clocks.
 */

const HOUR = 3_600_000;
const OCT_27 = Date.UTC(2026, 9, 27, 16, 0); // Tue 27 Oct 2026, 12:00 EDT

async function vendorAt(now: number) {
  const w = await world();
  const client = new Client();
  client.now = now;
  const account = await signUp(client, { name: "DST Vendor" });
  await promote(account.profile.user_id, { vendorId: w.vendorId });
  await env.DB.prepare("UPDATE vendors SET user_id = ? WHERE vendor_id = ?")
    .bind(account.profile.user_id, w.vendorId)
    .run();
  return { ...w, client };
}

function create(v: Awaited<ReturnType<typeof vendorAt>>, first: Record<string, unknown>, interval = 7) {
  return v.client.post("/api/vendor/me/customer-subscription-active", {
    client_name: "Dana Client",
    client_phone: `+1917${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
    service_id: v.serviceId,
    price_cents: 9000,
    interval_days: interval,
    address: "5 Clock St, Testville",
    zipcode: v.zip,
    idempotency_key: key("csub-dst"),
    ...first,
  });
}

async function linkToken(phone: string): Promise<string> {
  const row = await env.DB.prepare('SELECT body FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1')
    .bind(phone)
    .first<{ body: string }>();
  return row!.body.match(/subscription\?t=([A-Za-z0-9_-]+)/)![1]!;
}

async function addCard(token: string, now: number) {
  const client = new Client();
  client.now = now;
  const pm = await client.post("/api/payments/local/tokenize", {
    number: CARDS.ok,
    exp: "12/34",
    cvc: "123",
    postal_code: "10001",
  });
  return client.post("/api/client-subscription/card", { token, payment_method_id: pm.body.data.id });
}

async function charges(id: number) {
  const r = await env.DB.prepare(
    "SELECT count(*) AS n FROM payment_intents WHERE purpose = 'client_subscription' AND ref LIKE ? AND status = 'succeeded'",
  )
    .bind(`csub:${id}:%`)
    .first<{ n: number }>();
  return r!.n;
}

describe("client subscriptions across a DST change", () => {
  it("the first date is read in the address's zone and later dates keep its local time", async () => {
    const v = await vendorAt(OCT_27);
    const res = await create(v, { first_date: "2026-10-30", first_time: "10:00" });
    expect(res.status).toBe(201);
    const dates = res.body.data.next_dates.map((d: { at: number }) => d.at);
    expect(dates).toEqual([
      Date.UTC(2026, 9, 30, 14, 0), // Fri 30 Oct 10:00 EDT
      Date.UTC(2026, 10, 6, 15, 0), // Fri 6 Nov 10:00 EST
      Date.UTC(2026, 10, 13, 15, 0),
      Date.UTC(2026, 10, 20, 15, 0),
    ]);
    // The calendar holds those instants: a second subscription at 10:00 local a week later is refused.
    const clash = await create(v, { first_date: "2026-11-06", first_time: "10:00" });
    expect(clash.body.error.code).toBe("VSUBSCRIPTION_UNAVAILABLE_SCHEDULE");

    expect((await create(v, { first_date: "2026-11-20" })).status).toBe(400);
    expect((await create(v, { first_date: "2026-13-01", first_time: "10:00" })).status).toBe(400);
    expect((await create(v, { first_date: "2026-11-20", first_time: "25:00" })).status).toBe(400);
    expect((await create(v, {})).status).toBe(400);
  });

  it("charges at the same local time the day before: 25 hours before the first date after the change", async () => {
    const v = await vendorAt(OCT_27);
    const service = Date.UTC(2026, 10, 1, 15, 0); // Sun 1 Nov 10:00 EST
    const a = (await create(v, { first_date: "2026-11-01", first_time: "10:00" })).body.data;
    expect(a.next_dates[0].at).toBe(service);
    expect(await addCard(await linkToken(a.client_phone), OCT_27)).toMatchObject({ status: 200 });
    // The client has no account: the card is saved on the subscription's own customer, as its default.
    const saved = await env.DB.prepare(
      `SELECT cs.customer_id, pm.customer_id AS card_owner, lc.default_payment_method_id = cs.payment_method_id AS is_default
       FROM client_subscriptions cs JOIN local_payment_methods pm ON pm.id = cs.payment_method_id
       JOIN local_customers lc ON lc.id = cs.customer_id WHERE cs.client_subscription_id = ?`,
    )
      .bind(a.client_subscription_id)
      .first<{ customer_id: string; card_owner: string; is_default: number }>();
    expect(saved).toMatchObject({ card_owner: saved!.customer_id, is_default: 1 });
    expect(saved!.customer_id).toMatch(/^cus_local_/);

    const due = async (now: number) => {
      const sent: CronEnvelope[] = [];
      await enqueueDue(env, now, async (m) => void sent.push(...m));
      return sent.filter((m) => m.kind === "csub_charge" && m.id === a.client_subscription_id);
    };
    expect(await due(Date.UTC(2026, 9, 31, 13, 59))).toHaveLength(0); // Sat 09:59 EDT
    expect(await due(Date.UTC(2026, 9, 31, 14, 30))).toHaveLength(1); // Sat 10:30 EDT, 24.5 h before

    // A card entered at that moment is charged at once (the charge is already due in local time).
    const b = (await create(v, { first_date: "2026-11-01", first_time: "13:00" })).body.data;
    expect(await charges(b.client_subscription_id)).toBe(0);
    const carded = await addCard(await linkToken(b.client_phone), Date.UTC(2026, 9, 31, 17, 30)); // Sat 13:30 EDT
    expect(carded.status).toBe(200);
    expect(await charges(b.client_subscription_id)).toBe(1);

    // Creating a date whose charge moment has passed is refused, though it is more than 24 hours away in UTC.
    v.client.now = Date.UTC(2026, 9, 31, 14, 45); // Sat 10:45 EDT
    const refused = await create(v, { first_date: "2026-11-01", first_time: "10:30" });
    expect(Date.UTC(2026, 10, 1, 15, 30) - v.client.now).toBeGreaterThan(24 * HOUR);
    expect(refused.body.error?.code).toBe("ERROR_VSUBSCRIPTION");
  });
});

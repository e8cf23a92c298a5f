/**
 * Checkout through HTTP on the built Worker, the way a browser does it with the local payments adapter:
 * each iteration is a customer's hold (POST /api/booking/service-add-cart), the draft and its intent
 * (POST /api/checkout/charge-stripe), the card (POST /api/payments/local/tokenize + /confirm with 4242...)
 * and POST /api/checkout/completeOrder, whose latency is the figure (median and p99; the whole iteration's
 * too). Then the double-charge check: 50 concurrent charge-stripe calls for one cart, the card, and 50
 * concurrent completeOrder calls (half with one key, half with keys of their own) must leave exactly one
 * succeeded intent, one order and one job for that cart.
 *
 * Run: npx vite build && npx tsx bench/complete-order.bench.ts
 * A bench runner imports { run } and may pass a server it already started ({ url, stateDir }).
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { BENCH_ZIP, benchFetch, insertFixture, localDay, sqlRows, type BenchServer } from "./fixture";
import { serveBuiltWorker } from "./serve";
import { summarize } from "./stats";

export interface CompleteOrderFigures {
  iterations: number;
  completeOrder: { median: number; p99: number; n: number };
  iteration: { median: number; p99: number; n: number };
  failures: number;
  duplicates: {
    chargeRequests: number;
    distinctIntents: number;
    completeRequests: number;
    completeStatuses: Record<string, number>;
    succeededIntents: number;
    extraCharges: number;
    orders: number;
    jobs: number;
  };
}

const ITERATIONS = 200;
const DUPLICATES = 50;
const TIMES = ["06:00", "09:00", "12:00", "15:00", "18:00"];

/** Customers with sessions written straight into D1 (signup by SMS code is not what is measured). */
export function insertCustomers(stateDir: string, n: number): string[] {
  const base = 900_000 + Math.floor(Math.random() * 90_000) * 10;
  const now = Date.now();
  const tokens: string[] = [];
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = base * 100 + i;
    const token = randomBytes(32).toString("base64url");
    tokens.push(token);
    const hash = createHash("sha256").update(token).digest("hex");
    lines.push(
      `INSERT INTO users (user_id, name, phone, email, referral_code, status, created_at, updated_at)
       VALUES (${id}, 'Bench Customer ${id}', '+1646${String(id).slice(-7)}', 'bench-customer-${id}@example.com', 'BC${id}', 'active', ${now}, ${now});`,
      `INSERT INTO sessions (token_hash, user_id, created_at, expires_at) VALUES ('${hash}', ${id}, ${now}, ${now + 86_400_000});`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), "bench-customers-"));
  const file = join(dir, "customers.sql");
  writeFileSync(file, lines.join("\n"));
  try {
    execFileSync(
      "npx",
      ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "-y", "--file", file],
      { stdio: "ignore", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return tokens;
}

let keyCounter = 0;
export const key = (p: string) => `${p}-${process.pid}-${++keyCounter}-${Math.random().toString(36).slice(2, 8)}`;

export function client(url: string, token: string) {
  return async (path: string, body: unknown): Promise<{ status: number; body: any }> => {
    const res = await benchFetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `__Host-sid=${token}` },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* keep the text */
    }
    return { status: res.status, body: parsed };
  };
}

const contact = {
  email: "bench@example.com",
  phone: "(212) 555-0199",
  address: `1 Bench Rd, Absarokee, MT ${BENCH_ZIP}`,
};

/** Hold, draft and paid intent; answers the draft's order id and intent id. */
export async function paidDraft(call: ReturnType<typeof client>, serviceId: number, vendorId: number, when: string) {
  const add = await call("/api/booking/service-add-cart", {
    zipCode: BENCH_ZIP,
    serviceId,
    vendorId,
    selectedDate: when,
    idempotencyKey: key("add"),
  });
  if (add.status !== 201) throw new Error(`hold: ${add.status} ${JSON.stringify(add.body)}`);
  const charge = await call("/api/checkout/charge-stripe", { ...contact, idempotencyKey: key("charge") });
  if (charge.status !== 200) throw new Error(`charge: ${charge.status} ${JSON.stringify(charge.body)}`);
  const pi = charge.body.data.payment_intent;
  const card = await call("/api/payments/local/tokenize", {
    number: "4242424242424242",
    exp_month: 12,
    exp_year: 2034,
    cvc: "123",
    postal_code: "59001",
  });
  if (card.status !== 201) throw new Error(`tokenize: ${card.status} ${JSON.stringify(card.body)}`);
  const confirm = await call("/api/payments/local/confirm", {
    client_secret: pi.client_secret,
    payment_method_id: card.body.data.id,
  });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return { orderId: charge.body.data.order_id as number, intentId: pi.id as string };
}

export async function run(server?: BenchServer): Promise<CompleteOrderFigures> {
  const own = server ? null : await serveBuiltWorker({ port: 4332, stateDir: ".wrangler/bench-checkout" });
  const target = server ?? { url: own!.url, stateDir: ".wrangler/bench-checkout" };
  try {
    const fx = insertFixture(target.stateDir, { vendors: 20 });
    const tokens = insertCustomers(target.stateDir, ITERATIONS + 2);
    const slot = (i: number) => {
      const vendor = fx.vendorIds[i % fx.vendorIds.length]!;
      const n = Math.floor(i / fx.vendorIds.length);
      return { vendor, when: `${localDay(fx.tz, 2 + Math.floor(n / TIMES.length))} ${TIMES[n % TIMES.length]}` };
    };

    // Warm the isolate and the vendor objects off the clock (the last customers' slots are days away).
    for (let v = 0; v < fx.vendorIds.length; v++) {
      const call = client(target.url, tokens[ITERATIONS + 1]!);
      await call("/api/booking/service-add-cart", {
        zipCode: BENCH_ZIP,
        serviceId: fx.serviceId,
        vendorId: fx.vendorIds[v],
        selectedDate: `${localDay(fx.tz, 80)} 21:30`,
        idempotencyKey: key("warm"),
      });
    }

    const completeTimes: number[] = [];
    const iterationTimes: number[] = [];
    let failures = 0;
    for (let i = 0; i < ITERATIONS; i++) {
      const call = client(target.url, tokens[i]!);
      const { vendor, when } = slot(i);
      const t0 = performance.now();
      try {
        const { orderId } = await paidDraft(call, fx.serviceId, vendor, when);
        const t1 = performance.now();
        const done = await call("/api/checkout/completeOrder", { idempotencyKey: key("done"), order_id: orderId });
        const t2 = performance.now();
        if (done.status !== 201) throw new Error(`complete: ${done.status} ${JSON.stringify(done.body)}`);
        completeTimes.push(t2 - t1);
        iterationTimes.push(t2 - t0);
      } catch (err) {
        failures += 1;
        if (failures <= 3) console.error(String(err));
      }
    }

    // Duplicates: one customer, one cart, 50 charge-stripe at once, the card, 50 completeOrder at once.
    const call = client(target.url, tokens[ITERATIONS]!);
    const { vendor, when } = slot(ITERATIONS + 40);
    const add = await call("/api/booking/service-add-cart", {
      zipCode: BENCH_ZIP,
      serviceId: fx.serviceId,
      vendorId: vendor,
      selectedDate: when,
      idempotencyKey: key("add"),
    });
    if (add.status !== 201) throw new Error(`duplicate hold: ${add.status} ${JSON.stringify(add.body)}`);
    const charges = await Promise.all(
      Array.from({ length: DUPLICATES }, () =>
        call("/api/checkout/charge-stripe", { ...contact, idempotencyKey: key("charge") }),
      ),
    );
    const intents = new Set(
      charges.filter((r) => r.status === 200).map((r) => r.body.data.payment_intent.id as string),
    );
    const first = charges.find((r) => r.status === 200)!.body.data;
    const card = await call("/api/payments/local/tokenize", {
      number: "4242424242424242",
      exp_month: 12,
      exp_year: 2034,
      cvc: "123",
      postal_code: "59001",
    });
    await call("/api/payments/local/confirm", {
      client_secret: first.payment_intent.client_secret,
      payment_method_id: card.body.data.id,
    });
    const sameKey = key("dup");
    const completes = await Promise.all(
      Array.from({ length: DUPLICATES }, (_, i) =>
        call("/api/checkout/completeOrder", {
          idempotencyKey: i % 2 === 0 ? sameKey : key("dup-own"),
          order_id: first.order_id,
        }),
      ),
    );
    const statuses: Record<string, number> = {};
    for (const r of completes) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    const orderId = first.order_id as number;
    const [succeeded] = sqlRows<{ n: number }>(
      target.stateDir,
      `SELECT count(*) AS n FROM payment_intents WHERE purpose = 'order' AND ref = '${orderId}' AND status = 'succeeded'`,
    );
    const [orders] = sqlRows<{ n: number }>(
      target.stateDir,
      `SELECT count(*) AS n FROM orders WHERE user_id = (SELECT user_id FROM orders WHERE order_id = ${orderId}) AND status = 'confirmed'`,
    );
    const [jobs] = sqlRows<{ n: number }>(
      target.stateDir,
      `SELECT count(*) AS n FROM service_orders WHERE order_id = ${orderId}`,
    );
    return {
      iterations: ITERATIONS,
      completeOrder: summarize(completeTimes),
      iteration: summarize(iterationTimes),
      failures,
      duplicates: {
        chargeRequests: DUPLICATES,
        distinctIntents: intents.size,
        completeRequests: DUPLICATES,
        completeStatuses: statuses,
        succeededIntents: succeeded?.n ?? -1,
        extraCharges: Math.max(0, (succeeded?.n ?? 0) - 1),
        orders: orders?.n ?? -1,
        jobs: jobs?.n ?? -1,
      },
    };
  } finally {
    own?.stop();
  }
}

export function report(f: CompleteOrderFigures): string[] {
  const d = f.duplicates;
  const fmt = (n: number) => n.toFixed(1);
  return [
    `completeOrder latency (HTTP on the built Worker, ${f.completeOrder.n} orders, each a fresh hold + local card): median ${fmt(f.completeOrder.median)} ms, p99 ${fmt(f.completeOrder.p99)} ms; whole checkout (hold, charge-stripe, tokenize, confirm, complete) median ${fmt(f.iteration.median)} ms, p99 ${fmt(f.iteration.p99)} ms; failures ${f.failures}`,
    `double charges under ${d.completeRequests} concurrent completeOrder (after ${d.chargeRequests} concurrent charge-stripe): extra charges ${d.extraCharges} (must be 0); succeeded intents ${d.succeededIntents}, distinct intents ${d.distinctIntents}, confirmed orders ${d.orders}, jobs ${d.jobs}, answers ${JSON.stringify(d.completeStatuses)}`,
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  run()
    .then((f) => {
      for (const line of report(f)) console.log(line);
      process.exit(f.duplicates.extraCharges === 0 && f.duplicates.succeededIntents === 1 ? 0 : 1);
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}

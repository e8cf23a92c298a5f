import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { T0 } from "../../test-utils";
import { DEV_LOCAL_WEBHOOK_SECRET } from "./index";
import { localPayments } from "./local";
import type { PaymentsPort } from "./port";

/** Test-only helpers for the payments adapters (imported by *.test.ts files only). */

let counter = 0;

/** A unique string per call, for idempotency keys and account fields across test files. */
export function unique(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A user row straight in D1 (no signup round trip): what ensureCustomer needs. */
export async function makeUser(name = "Pay Tester", userId?: number) {
  const tag = unique("u");
  const phone = `+1555${String((Math.floor(Math.random() * 1e7) + counter) % 1e7).padStart(7, "0")}`;
  const email = `${tag}@example.com`;
  const row = await env.DB.prepare(
    `INSERT INTO users (user_id, name, phone, email, status, referral_code, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'active', ?, ?, ?) RETURNING user_id`,
  )
    .bind(userId ?? null, name, phone, email, tag, T0, T0)
    .first<{ user_id: number }>();
  return { user_id: row!.user_id, email, name, phone };
}

export function testDb() {
  return drizzle(env.DB);
}

export function localPort(now = T0): PaymentsPort {
  return localPayments({ db: testDb(), now, webhookSecret: DEV_LOCAL_WEBHOOK_SECRET });
}

export const CARDS = {
  visa: "4242 4242 4242 4242",
  mastercard: "5555 5555 5555 4444",
  amex: "3782 822463 10005",
  declined: "4000 0000 0000 0002",
  insufficientFunds: "4000 0000 0000 9995",
  threeDSecure: "4000 0025 0000 3155",
  threeDSecureAlways: "4000 0027 6000 3184",
  otherValid: "4111 1111 1111 1111",
} as const;

/** Card input for tokenizeLocalCard (Amex gets its 4-digit code). */
export function card(number: string) {
  return {
    number,
    exp_month: 12,
    exp_year: 2030,
    cvc: number.startsWith("37") ? "1234" : "123",
    postal_code: "10001",
  };
}

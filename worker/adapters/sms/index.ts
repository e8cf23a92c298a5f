import { outbox } from "../../../schema/tables/accounts";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { localSms } from "./local";
import type { SmsPort } from "./port";
import { twilioSms } from "./twilio";

/** SMS_PROVIDER=twilio with TWILIO_* secrets sends real texts; anything else keeps them local. */
export function smsFromEnv(env: Env): SmsPort {
  if (env.SMS_PROVIDER === "twilio" && env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    return twilioSms({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM });
  }
  return localSms;
}

/** What the outbox keeps of a secret (a one-time code) sent through a real provider. */
export const MASK = "••••••";

/**
 * The outbox copy of a text. Through a real provider the text is on the person's phone, and a one-time code
 * in the outbox would let any staff member sign in as them, so the secret is masked; with the local adapter
 * the outbox is the developer's phone and keeps it (docs/decisions/096).
 */
export function outboxBody(provider: string, body: string, secret?: string): string {
  if (provider === "local" || !secret) return body;
  return body.split(secret).join(MASK);
}

/**
 * Sends through the port and records the message in the outbox. Returns whether it went out. `secret` is a
 * part of the body the outbox must not show when a real provider sent it.
 */
export async function sendSms(
  env: Env,
  db: DrizzleD1Database,
  msg: { to: string; body: string; now: number; secret?: string },
): Promise<boolean> {
  const port = smsFromEnv(env);
  const result = await port.send(msg.to, msg.body);
  await db.insert(outbox).values({
    channel: "sms",
    to: msg.to,
    body: outboxBody(port.provider, msg.body, msg.secret),
    status: result.ok ? (port.provider === "local" ? "queued" : "sent") : "failed",
    provider: port.provider,
    provider_ref: result.ok ? result.ref : null,
    error: result.ok ? null : result.error,
    created_at: msg.now,
  });
  return result.ok;
}

import type { DrizzleD1Database } from "drizzle-orm/d1";
import { and, eq, isNull } from "drizzle-orm";
import { authLinkExpiry, authLinkState } from "../../domain/payment-auth";
import { paymentAuthLinks } from "../../schema/tables/payment-auth";
import type { PaymentIntent, PaymentsPort } from "../adapters/payments/port";
import { sendSms } from "../adapters/sms";
import { randomToken, sha256Hex } from "../auth/crypto";
import { fail } from "../http/errors";

/**
 * Later charges the bank wants the customer to authenticate (docs/decisions/147-authenticate-later-charges.md).
 * An off-session charge answered "authentication_required" is never a silent failure: the customer is texted a
 * link to /authenticate?t=<token>, where they confirm that same intent with 3-D Secure; once it succeeded, the
 * thing it paid for is completed by the purpose's completion (registered by its area, see `onAuthenticated`).
 * A link serves one intent of one provider customer (the intent must still carry that customer), expires
 * (domain/payment-auth.ts), and is spent once completed. Only the token's hash is kept.
 */

type LinkRow = typeof paymentAuthLinks.$inferSelect;

/** What a purpose does once its charge has been authenticated and succeeded; must be idempotent. */
export type AuthCompletion = (
  env: Env,
  db: DrizzleD1Database,
  link: LinkRow,
  intent: PaymentIntent,
  now: number,
) => Promise<void>;

/** Whether a refused off-session charge is one the customer can still approve (3-D Secure), not a decline. */
export function needsAuthentication(intent: PaymentIntent): boolean {
  if (intent.status !== "requires_payment_method" && intent.status !== "requires_action") return false;
  if (intent.status === "requires_action") return true;
  const e = intent.last_error;
  return e?.code === "authentication_required" || e?.decline_code === "authentication_required";
}

export function authLinkUrl(origin: string, token: string): string {
  return `${origin}/authenticate?t=${token}`;
}

/**
 * Makes the link for `intent` (once: a retried charge finds the link already made and texts nothing) and texts it
 * to `phone` with `message(url)`. Answers whether a new link was sent.
 */
export async function sendAuthLink(
  env: Env,
  db: DrizzleD1Database,
  input: {
    intent: PaymentIntent;
    payment_method_id: string;
    purpose: string;
    ref: string;
    description: string;
    phone: string;
    /** When what it pays for happens (the visit); the link closes then at the latest. */
    deadline: number | null;
    origin: string;
    message: (url: string) => string;
    now: number;
  },
): Promise<boolean> {
  const { intent, now } = input;
  if (!intent.customer_id) return false;
  const token = randomToken(24);
  const inserted = await db
    .insert(paymentAuthLinks)
    .values({
      token_hash: await sha256Hex(token),
      payment_intent_id: intent.id,
      customer_id: intent.customer_id,
      payment_method_id: input.payment_method_id,
      purpose: input.purpose,
      ref: input.ref,
      amount_cents: intent.amount_cents,
      description: input.description,
      phone: input.phone,
      expires_at: authLinkExpiry(now, input.deadline),
      created_at: now,
    })
    .onConflictDoNothing({ target: paymentAuthLinks.payment_intent_id })
    .returning({ token_hash: paymentAuthLinks.token_hash });
  if (inserted.length === 0) return false;
  const url = authLinkUrl(input.origin, token);
  await sendSms(env, db, { to: input.phone, body: input.message(url), now, secret: token }).catch((err) =>
    console.error(JSON.stringify({ at: "auth_link.sms", ref: input.ref, error: String(err) })),
  );
  return true;
}

/** Whether a charge of `purpose`/`ref` waits for its customer's authentication (an open, uncompleted link). */
export async function awaitingAuthentication(
  db: DrizzleD1Database,
  purpose: string,
  ref: string,
  now: number,
): Promise<boolean> {
  const rows = await db
    .select({ expires_at: paymentAuthLinks.expires_at, completed_at: paymentAuthLinks.completed_at })
    .from(paymentAuthLinks)
    .where(and(eq(paymentAuthLinks.purpose, purpose), eq(paymentAuthLinks.ref, ref)));
  return rows.some((r) => authLinkState(r, now) === "open");
}

async function linkOf(db: DrizzleD1Database, token: string): Promise<LinkRow> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) fail("PAYMENT_AUTH_LINK_INVALID");
  const [row] = await db
    .select()
    .from(paymentAuthLinks)
    .where(eq(paymentAuthLinks.token_hash, await sha256Hex(token)))
    .limit(1);
  if (!row) fail("PAYMENT_AUTH_LINK_INVALID");
  return row;
}

export interface AuthLinkView {
  status: "open" | "completed";
  amount_cents: number;
  description: string;
  /** While open: what the browser confirms (the intent's client secret and the saved card it charges). */
  payment_intent: { id: string; client_secret: string; status: string } | null;
  payment_method_id: string | null;
}

function view(link: LinkRow, intent: PaymentIntent | null): AuthLinkView {
  const open = intent !== null && link.completed_at === null;
  return {
    status: open ? "open" : "completed",
    amount_cents: link.amount_cents,
    description: link.description,
    payment_intent: open ? { id: intent.id, client_secret: intent.client_secret, status: intent.status } : null,
    payment_method_id: open ? link.payment_method_id : null,
  };
}

/**
 * The link's page: the charge to approve, or "completed". When the intent already succeeded (the customer came
 * back after the bank's step, or a webhook got there first), the purpose is completed here too.
 */
export async function openAuthLink(
  env: Env,
  db: DrizzleD1Database,
  port: PaymentsPort,
  completions: Readonly<Record<string, AuthCompletion>>,
  token: string,
  now: number,
): Promise<AuthLinkView> {
  const link = await linkOf(db, token);
  const state = authLinkState(link, now);
  if (state === "completed") return view(link, null);
  const intent = await port.retrieveIntent(link.payment_intent_id);
  // Bound to the customer: the intent must still charge the customer the link was made for.
  if (intent.customer_id !== link.customer_id) fail("PAYMENT_AUTH_LINK_INVALID");
  if (intent.status === "succeeded") return complete(env, db, completions, link, intent, now);
  if (state === "expired") fail("PAYMENT_AUTH_LINK_EXPIRED");
  if (intent.status === "canceled") fail("PAYMENT_STATE_CHANGED");
  return view(link, intent);
}

async function complete(
  env: Env,
  db: DrizzleD1Database,
  completions: Readonly<Record<string, AuthCompletion>>,
  link: LinkRow,
  intent: PaymentIntent,
  now: number,
): Promise<AuthLinkView> {
  const done = completions[link.purpose];
  if (!done) throw new Error(`no completion for purpose ${link.purpose}`);
  // The completion is idempotent; the link is marked spent after it, so a failure in between is retried.
  await done(env, db, link, intent, now);
  await db
    .update(paymentAuthLinks)
    .set({ completed_at: now })
    .where(and(eq(paymentAuthLinks.token_hash, link.token_hash), isNull(paymentAuthLinks.completed_at)));
  return view({ ...link, completed_at: link.completed_at ?? now }, null);
}

import type { DrizzleD1Database } from "drizzle-orm/d1";
import { outbox } from "../../../schema/tables/accounts";
import { envText } from "../../runtime";

/**
 * The email port (docs/architecture.md section 3 "Other ports"; docs/decisions/056-email-verification.md). EMAIL_PROVIDER picks
 * the adapter:
 * - `resend`: Resend's HTTP API (fetch, no SDK) with RESEND_API_KEY, from EMAIL_FROM;
 * - `local` (the default, development and tests): nothing leaves the machine; the message waits in the outbox
 *   table (staff see it in the admin area, tests read the code from it).
 * Resend configured without its key or sender refuses to send (and logs why): never a silent local fallback.
 * Every message is recorded in the outbox with its status.
 */
export interface EmailPort {
  provider: "resend" | "local";
  send(
    to: string,
    subject: string,
    text: string,
  ): Promise<{ ok: true; ref: string | null } | { ok: false; error: string }>;
}

export function resendEmail(
  opts: { apiKey: string; from: string },
  fetcher: typeof fetch = (i, init) => fetch(i, init),
): EmailPort {
  return {
    provider: "resend",
    async send(to, subject, text) {
      try {
        const res = await fetcher("https://api.resend.com/emails", {
          method: "POST",
          headers: { authorization: `Bearer ${opts.apiKey}`, "content-type": "application/json" },
          body: JSON.stringify({ from: opts.from, to: [to], subject, text }),
        });
        const json = (await res.json().catch(() => ({}))) as { id?: string; message?: string };
        if (!res.ok) return { ok: false, error: json.message ?? `Resend answered ${res.status}` };
        return { ok: true, ref: json.id ?? null };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}

export const localEmail: EmailPort = { provider: "local", send: async () => ({ ok: true, ref: null }) };

export function emailFromEnv(env: Env): EmailPort {
  const provider = envText(env, "EMAIL_PROVIDER") ?? "local";
  if (provider === "local") return localEmail;
  const apiKey = envText(env, "RESEND_API_KEY");
  const from = envText(env, "EMAIL_FROM");
  const problem =
    provider !== "resend"
      ? `EMAIL_PROVIDER="${provider}" is not an email provider (use "resend" or "local")`
      : !apiKey || !from
        ? "EMAIL_PROVIDER=resend but RESEND_API_KEY or EMAIL_FROM is not set"
        : null;
  if (problem || !apiKey || !from) {
    return {
      provider: "resend",
      async send() {
        console.error(JSON.stringify({ at: "email", error: "email refused", problem }));
        return { ok: false, error: problem ?? "email is not configured" };
      },
    };
  }
  return resendEmail({ apiKey, from });
}

/** Sends through the port and records the message in the outbox. Returns whether it went out. */
export async function sendEmail(
  env: Env,
  db: DrizzleD1Database,
  msg: { to: string; subject: string; text: string; now: number },
): Promise<boolean> {
  const port = emailFromEnv(env);
  const result = await port.send(msg.to, msg.subject, msg.text);
  await db.insert(outbox).values({
    channel: "email",
    to: msg.to,
    body: `${msg.subject}\n\n${msg.text}`,
    status: result.ok ? (port.provider === "local" ? "queued" : "sent") : "failed",
    provider: port.provider,
    provider_ref: result.ok ? result.ref : null,
    error: result.ok ? null : result.error,
    created_at: msg.now,
  });
  return result.ok;
}

import type { Context } from "hono";
import type { BotCheckConfig } from "../../../schema/payloads/shell";
import { fail } from "../../http/errors";
import type { AppEnv } from "../../http/types";
import { clientIp } from "../../middleware/rate-limit";
import { envText } from "../../runtime";

/**
 * The bot-check port (docs/architecture.md section 3 "Other ports"; docs/decisions/055-bot-check.md). Forms that text a phone or
 * create an account (signup, password reset, SMS reminder) send the widget's token; the server verifies it before
 * doing anything. Two adapters, chosen by BOTCHECK_PROVIDER:
 * - `turnstile`: Cloudflare Turnstile's siteverify with TURNSTILE_SECRET_KEY (a missing secret refuses every
 *   check with FAILED_RECAPTCHA and logs why: never a silent pass);
 * - `local` (the default, for development and tests): a real pass-through that accepts every request, token or
 *   not, so forms work with no widget and no network.
 */
export interface BotCheckPort {
  provider: "turnstile" | "local";
  /** Whether the token proves a person sent the form. */
  verify(token: string | null | undefined, ip: string | null): Promise<boolean>;
}

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

export function turnstileBotCheck(secret: string, fetcher: typeof fetch = (i, init) => fetch(i, init)): BotCheckPort {
  return {
    provider: "turnstile",
    async verify(token, ip) {
      if (!token || token.length > 2048) return false;
      const form = new FormData();
      form.set("secret", secret);
      form.set("response", token);
      if (ip && ip !== "local") form.set("remoteip", ip);
      try {
        const res = await fetcher(TURNSTILE_VERIFY_URL, { method: "POST", body: form });
        if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
        const body = (await res.json()) as { success?: unknown; "error-codes"?: unknown };
        if (body.success === true) return true;
        console.warn(JSON.stringify({ at: "botcheck", result: "refused", codes: body["error-codes"] ?? null }));
        return false;
      } catch (error) {
        // Turnstile unreachable: refuse (fail closed) and say why.
        console.error(JSON.stringify({ at: "botcheck", error: String(error) }));
        return false;
      }
    },
  };
}

export const localBotCheck: BotCheckPort = { provider: "local", verify: async () => true };

const refuseAll = (problem: string): BotCheckPort => ({
  provider: "turnstile",
  async verify() {
    console.error(JSON.stringify({ at: "botcheck", error: "bot check refused", problem }));
    return false;
  },
});

export function botCheckFromEnv(env: Env): BotCheckPort {
  const provider = envText(env, "BOTCHECK_PROVIDER") ?? "local";
  if (provider === "local") return localBotCheck;
  if (provider !== "turnstile")
    return refuseAll(`BOTCHECK_PROVIDER="${provider}" is not a bot check (use "turnstile" or "local")`);
  const secret = envText(env, "TURNSTILE_SECRET_KEY");
  return secret
    ? turnstileBotCheck(secret)
    : refuseAll("BOTCHECK_PROVIDER=turnstile but TURNSTILE_SECRET_KEY is not set");
}

/**
 * What the page needs to render the bot check (decision 057): the provider and, for Turnstile, its public
 * site key (TURNSTILE_SITE_KEY; null when missing, which the forms show as a configuration error). An unknown
 * provider refuses every check on the server, so the forms are told it is Turnstile without a key.
 */
export function botCheckPageConfig(env: Env): BotCheckConfig {
  const provider = envText(env, "BOTCHECK_PROVIDER") ?? "local";
  if (provider === "local") return { provider: "local" };
  return {
    provider: "turnstile",
    siteKey: provider === "turnstile" ? (envText(env, "TURNSTILE_SITE_KEY") ?? null) : null,
  };
}

/** Refuses the request with FAILED_RECAPTCHA unless the bot check passes its token. */
export async function assertHuman(c: Context<AppEnv>, token: string | null | undefined): Promise<void> {
  if (!(await botCheckFromEnv(c.env).verify(token, clientIp(c.req.raw)))) fail("FAILED_RECAPTCHA");
}

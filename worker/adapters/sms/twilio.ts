import type { SmsPort } from "./port";

/** Twilio's Messages API over fetch (no SDK: it does not run on Workers). */
export function twilioSms(opts: { accountSid: string; authToken: string; from: string }): SmsPort {
  return {
    provider: "twilio",
    async send(to, body) {
      const url = `https://api.twilio.com/2010-04-01/Accounts/${encodeURIComponent(opts.accountSid)}/Messages.json`;
      try {
        const res = await fetch(url, {
          method: "POST",
          headers: {
            authorization: `Basic ${btoa(`${opts.accountSid}:${opts.authToken}`)}`,
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams({ To: to, From: opts.from, Body: body }),
        });
        const json = (await res.json().catch(() => ({}))) as { sid?: string; message?: string };
        if (!res.ok) return { ok: false, error: json.message ?? `Twilio answered ${res.status}` };
        return { ok: true, ref: json.sid ?? null };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}

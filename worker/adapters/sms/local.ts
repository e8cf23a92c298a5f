import type { SmsPort } from "./port";

/**
 * The embedded adapter: nothing leaves the machine. The message stays in the outbox (status "queued"),
 * where staff read it at /admin/outbox and tests read it from D1.
 */
export const localSms: SmsPort = {
  provider: "local",
  async send() {
    return { ok: true, ref: null };
  },
};

import { type PaymentsPort, type WebhookEvent } from "../port";
import { verifyWebhookSignature } from "../signature";
import { type LocalPaymentsOptions } from "./shared";

/**
 * Webhooks of the embedded payments adapter: events signed like Stripe's, checked before they are read.
 */
export function localWebhooks(opts: LocalPaymentsOptions): Pick<PaymentsPort, "verifyWebhook"> {
  const { now } = opts;

  return {
    async verifyWebhook(payload, signature): Promise<WebhookEvent | null> {
      if (!(await verifyWebhookSignature(payload, signature, opts.webhookSecret, now))) return null;
      try {
        const event = JSON.parse(payload) as { id?: unknown; type?: unknown; data?: { object?: unknown } };
        if (typeof event.id !== "string" || typeof event.type !== "string") return null;
        const object = event.data?.object;
        if (!object || typeof object !== "object") return null;
        const created =
          typeof (event as { created?: unknown }).created === "number" ? (event as { created: number }).created : null;
        return {
          id: event.id,
          type: event.type,
          object: object as Record<string, unknown>,
          ...(created !== null ? { created: created * 1000 } : {}),
        };
      } catch {
        return null;
      }
    },
  };
}

/** Outbound text messages. Every message is also written to the outbox table, whichever adapter sends it. */
export interface SmsPort {
  readonly provider: string;
  send(to: string, body: string): Promise<SmsResult>;
}

export type SmsResult = { ok: true; ref: string | null } | { ok: false; error: string };

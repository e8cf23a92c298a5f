import { call } from "../../../lib/api-client";
import { accountClient } from "../../../lib/api-clients";

/** GET /api/account/user/email, POST .../send and .../confirm (docs/decisions/056-email-verification.md). */
export interface EmailState {
  email: string | null;
  email_verified: boolean;
}

export function getEmailState(signal?: AbortSignal): Promise<EmailState> {
  return call((o) => accountClient.user.email.$get(undefined, o), { signal });
}

export function sendEmailCode(): Promise<{ email: string; expires_in_seconds: number; code_sent: true }> {
  return call((o) => accountClient.user.email.send.$post(undefined, o));
}

export function confirmEmailCode(code: string): Promise<EmailState> {
  return call((o) => accountClient.user.email.confirm.$post({ json: { code } }, o));
}

import { apiRequest } from "../../../lib/api-client";

/** GET /api/account/user/email, POST .../send and .../confirm (docs/decisions/056-email-verification.md). */
export interface EmailState {
  email: string | null;
  email_verified: boolean;
}

export function getEmailState(signal?: AbortSignal): Promise<EmailState> {
  return apiRequest<EmailState>("/account/user/email", { signal });
}

export function sendEmailCode(): Promise<{ email: string; expires_in_seconds: number; code_sent: true }> {
  return apiRequest("/account/user/email/send", { method: "POST", json: {} });
}

export function confirmEmailCode(code: string): Promise<EmailState> {
  return apiRequest<EmailState>("/account/user/email/confirm", { method: "POST", json: { code } });
}

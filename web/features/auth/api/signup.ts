import type { CodeSent, SignupBody } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/accounts: signup step 1; sends the 6 digit code. Sending it again is the resend. */
export function signup(body: SignupBody): Promise<CodeSent> {
  return apiRequest<CodeSent>("/accounts", { method: "POST", json: body });
}

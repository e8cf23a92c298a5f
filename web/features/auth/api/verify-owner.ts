import type { CodeSent } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/resetPassword/verifyOwner: sends a reset code to the account's phone. */
export function verifyOwner(body: { phone: string; token?: string }): Promise<CodeSent> {
  return apiRequest<CodeSent>("/resetPassword/verifyOwner", { method: "POST", json: body });
}

import type { CodeSent } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { resetPasswordClient } from "../../../lib/api-clients";

/** POST /api/resetPassword/verifyOwner: sends a reset code to the account's phone. */
export function verifyOwner(body: { phone: string; token?: string }): Promise<CodeSent> {
  return call((o) => resetPasswordClient.verifyOwner.$post({ json: body }, o));
}

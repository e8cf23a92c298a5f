import type { CodeSent, SignupBody } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { accountsClient } from "../../../lib/api-clients";

/** POST /api/accounts: signup step 1; sends the 6 digit code. Sending it again is the resend. */
export function signup(body: SignupBody): Promise<CodeSent> {
  return call((o) => accountsClient.index.$post({ json: body }, o));
}

import type { Profile } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { validateOtpClient } from "../../../lib/api-clients";

/** POST /api/validateOtp: signup step 2; activates the account and signs in. */
export function validateOtp(body: { phone: string; code: string }): Promise<Profile> {
  return call((o) => validateOtpClient.index.$post({ json: body }, o));
}

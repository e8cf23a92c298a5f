import type { Profile } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/validateOtp: signup step 2; activates the account and signs in. */
export function validateOtp(body: { phone: string; code: string }): Promise<Profile> {
  return apiRequest<Profile>("/validateOtp", { method: "POST", json: body });
}

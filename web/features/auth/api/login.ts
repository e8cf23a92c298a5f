import type { Profile } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { loginClient } from "../../../lib/api-clients";

/** POST /api/login. `phone` may be the phone number or the account's email. */
export function login(body: { phone: string; password: string }): Promise<Profile> {
  return call((o) => loginClient.index.$post({ json: body }, o));
}

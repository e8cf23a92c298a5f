import type { Profile } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { resetPasswordClient } from "../../../lib/api-clients";

/** POST /api/resetPassword: sets the new password and signs in. */
export function resetPassword(body: {
  phone: string;
  code: string;
  password: string;
  token?: string;
}): Promise<Profile> {
  return call((o) => resetPasswordClient.index.$post({ json: body }, o));
}

import type { Profile } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/resetPassword: sets the new password and signs in. */
export function resetPassword(body: {
  phone: string;
  code: string;
  password: string;
  token?: string;
}): Promise<Profile> {
  return apiRequest<Profile>("/resetPassword", { method: "POST", json: body });
}

import type { Profile } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** POST /api/login. `phone` may be the phone number or the account's email. */
export function login(body: { phone: string; password: string }): Promise<Profile> {
  return apiRequest<Profile>("/login", { method: "POST", json: body });
}

import type { Profile } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/account/user/profile: the profile is the first item of `data`. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const data = await apiRequest<Profile[]>("/account/user/profile", { signal });
  const profile = data[0];
  if (!profile) throw new Error("Empty profile response");
  return profile;
}

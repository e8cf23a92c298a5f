import type { Profile } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { accountClient } from "../../../lib/api-clients";

/** GET /api/account/user/profile: the profile is the first item of `data`. */
export async function getProfile(signal?: AbortSignal): Promise<Profile> {
  const data = await call((o) => accountClient.user.profile.$get(undefined, o), { signal });
  const profile = data[0];
  if (!profile) throw new Error("Empty profile response");
  return profile;
}

import type { Profile } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { accountClient } from "../../../lib/api-clients";

export interface ProfileChanges {
  name?: string;
  email?: string;
  address?: string | null;
  zipcode?: string | null;
}

/** PUT /api/account/user/profile. */
export async function updateProfile(changes: ProfileChanges): Promise<Profile> {
  const data = await call((o) => accountClient.user.profile.$put({ json: changes }, o));
  return data[0]!;
}

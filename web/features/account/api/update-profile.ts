import type { Profile } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

export interface ProfileChanges {
  name?: string;
  email?: string;
  address?: string | null;
  zipcode?: string | null;
}

/** PUT /api/account/user/profile. */
export async function updateProfile(changes: ProfileChanges): Promise<Profile> {
  const data = await apiRequest<Profile[]>("/account/user/profile", { method: "PUT", json: changes });
  return data[0]!;
}

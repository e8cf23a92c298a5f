import type { Profile } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** PUT /api/account/user/profile-picture, multipart with `file` (JPEG, PNG or WebP, at most 5 MB). */
export async function uploadProfilePicture(file: File): Promise<Profile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const data = await apiRequest<Profile[]>("/account/user/profile-picture", { method: "PUT", form });
  return data[0]!;
}

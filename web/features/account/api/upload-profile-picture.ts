import type { Profile } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { accountClient } from "../../../lib/api-clients";
import { withForm } from "../../../lib/form-body";

/** PUT /api/account/user/profile-picture, multipart with `file` (JPEG, PNG or WebP, at most 5 MB). */
export async function uploadProfilePicture(file: File): Promise<Profile> {
  const form = new FormData();
  form.append("file", file, file.name);
  const data = await call((o) => accountClient.user["profile-picture"].$put({}, withForm(o, form)));
  return data[0]!;
}

import type { RedirectInfo } from "../../../../schema/payloads/accounts";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/account/user/getRedirect: a booking in progress (1) or a job waiting for a rating (2). */
export function getRedirect(): Promise<RedirectInfo> {
  return apiRequest<RedirectInfo>("/account/user/getRedirect");
}

import type { RedirectInfo } from "../../../../schema/payloads/accounts";
import { call } from "../../../lib/api-client";
import { accountClient } from "../../../lib/api-clients";

/** GET /api/account/user/getRedirect: a booking in progress (1) or a job waiting for a rating (2). */
export function getRedirect(): Promise<RedirectInfo> {
  return call((o) => accountClient.user.getRedirect.$get(undefined, o));
}

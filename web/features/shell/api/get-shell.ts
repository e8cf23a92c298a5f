import type { ShellData } from "../../../../schema/payloads/shell";
import { apiRequest } from "../../../lib/api-client";

/** GET /api/shell: the same data the server render got as request context. */
export function getShell(signal?: AbortSignal): Promise<ShellData> {
  return apiRequest<ShellData>("/shell", { signal });
}

import type { ShellData } from "../../../../schema/payloads/shell";
import { call } from "../../../lib/api-client";
import { shellClient } from "../../../lib/api-clients";

/** GET /api/shell: the same data the server render got as request context. */
export function getShell(signal?: AbortSignal): Promise<ShellData> {
  return call((o) => shellClient.index.$get(undefined, o), { signal });
}

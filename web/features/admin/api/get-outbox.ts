import { apiRequest } from "../../../lib/api-client";

export interface OutboxMessage {
  id: number;
  channel: string;
  to: string;
  body: string;
  status: string;
  provider: string;
  created_at: string;
}

/** GET /api/admin/outbox?to=&limit= (admins only), newest first. */
export function getOutbox(opts: { to?: string; limit?: number } = {}, signal?: AbortSignal): Promise<OutboxMessage[]> {
  const q = new URLSearchParams();
  if (opts.to) q.set("to", opts.to);
  if (opts.limit) q.set("limit", String(opts.limit));
  const qs = q.toString();
  return apiRequest<OutboxMessage[]>(`/admin/outbox${qs ? `?${qs}` : ""}`, { signal });
}

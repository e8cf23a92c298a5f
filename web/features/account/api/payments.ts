import { call } from "../../../lib/api-client";
import { accountClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";

/** GET /api/account/payments?page=N: one page of the customer's payment history (server-rendered, then cached). */
export const paymentsQuery = defineQuery({
  key: (page: number) => `payments:${page}`,
  fetch: (page: number, opts) => call((o) => accountClient.payments.$get({ query: { page: String(page) } }, o), opts),
});

/** GET /api/account/payments/:id: one receipt of the customer's own. */
export const receiptQuery = defineQuery({
  key: (id: string) => `receipt:${id}`,
  fetch: (id: string, opts) =>
    call((o) => accountClient.payments[":id"].$get({ param: { id: encodeURIComponent(id) } }, o), opts),
});

/** The page number of a `?page=` search value: 1 for anything that is not a page. */
export function pageOf(search: unknown): number {
  const raw = (search as Record<string, unknown> | null)?.page;
  const n = typeof raw === "number" ? raw : typeof raw === "string" ? Number(raw) : 1;
  return Number.isInteger(n) && n >= 1 && n <= 9999 ? n : 1;
}

/**
 * An instant as a receipt shows it, in an explicit zone (the visit's, else Eastern) so the server render and the
 * browser print the same text.
 */
export function formatWhen(iso: string, timeZone: string | null = null): string {
  return new Intl.DateTimeFormat("en-US", {
    // dateStyle/timeStyle cannot be combined with timeZoneName (a RangeError): the parts one by one.
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: timeZone ?? "America/New_York",
    timeZoneName: "short",
  }).format(new Date(iso));
}

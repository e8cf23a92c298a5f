import type { PaymentEntry } from "../../../../schema/contracts/receipts";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { useQuery } from "../../../lib/query";
import { formatWhen, paymentsQuery } from "../api/payments";

const DIRECTION: Record<PaymentEntry["direction"], { sign: string; note: string }> = {
  paid: { sign: "", note: "Paid" },
  returned: { sign: "+", note: "Refunded to your card" },
  credit_added: { sign: "+", note: "Added to your credit" },
  credit_used: { sign: "−", note: "Credit used" },
};

export function receiptHref(id: string): string {
  return `/account/payments/${encodeURIComponent(id)}`;
}

/**
 * Payments (docs/decisions/154): every charge, refund, tip, added charge and credit of the customer's, newest
 * first, 20 a page; each opens its printable receipt. Paged by links (?page=N), so it works before the page's
 * JavaScript runs.
 */
export function PaymentsPage({ page }: { page: number }) {
  const list = useQuery(paymentsQuery, page);
  const data = list.data;
  return (
    <Page title="Payments" intro="Every payment, refund, tip and credit on your account, with a receipt for each.">
      {list.loading && !data && <div className="skeleton" style={{ height: 120, borderRadius: 12 }} />}
      {list.error != null && !data && <FormError message={errorMessage(list.error)} />}
      {data && data.entries.length === 0 && (
        <p className="muted">{page > 1 ? "No more payments." : "No payments yet. Your receipts show up here."}</p>
      )}
      {data && data.entries.length > 0 && (
        <ul className="payment-list" aria-label="Payments" data-testid="payment-list">
          {data.entries.map((e) => {
            const d = DIRECTION[e.direction];
            return (
              <li key={e.id} className="payment-row" data-testid="payment-row">
                <AppLink href={receiptHref(e.id)} className="payment-link">
                  <span className="payment-title">{e.title}</span>
                  <span className="payment-when muted">
                    {formatWhen(e.created_at)} · {d.note}
                  </span>
                </AppLink>
                <span className={`payment-amount payment-${e.direction}`}>
                  {d.sign}
                  {formatCents(e.amount_cents)}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {data && (page > 1 || data.has_more) && (
        <nav className="form-actions pager" aria-label="Payments pages">
          {page > 1 && (
            <AppLink href={`/account/payments?page=${page - 1}`} className="button button-secondary button-sm">
              Newer
            </AppLink>
          )}
          <span className="muted">Page {page}</span>
          {data.has_more && (
            <AppLink href={`/account/payments?page=${page + 1}`} className="button button-secondary button-sm">
              Older
            </AppLink>
          )}
        </nav>
      )}
    </Page>
  );
}

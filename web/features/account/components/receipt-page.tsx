import { BRAND } from "../../../config/brand";
import { Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { FormError } from "../../../components/ui/field";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { formatLocalTime } from "../../../lib/local-time";
import { useQuery } from "../../../lib/query";
import { formatWhen, receiptQuery } from "../api/payments";
import { receiptHref } from "./payments-page";

const WHAT: Record<string, string> = {
  paid: "Amount paid",
  returned: "Amount refunded",
  credit_added: "Credit added",
  credit_used: "Credit used",
};

/** One printable receipt (docs/decisions/154): server-rendered, with a print stylesheet that leaves the site out. */
export function ReceiptPage({ id }: { id: string }) {
  const receipt = useQuery(receiptQuery, id);
  const r = receipt.data;
  const zone = r?.lines[0]?.time_zone ?? null;
  return (
    <Page title="Receipt" width="narrow">
      {receipt.loading && !r && <div className="skeleton" style={{ height: 200, borderRadius: 12 }} />}
      {receipt.error != null && !r && <FormError message={errorMessage(receipt.error)} />}
      {r && (
        <article className="receipt card" aria-labelledby="receipt-title" data-testid="receipt">
          <header className="receipt-head">
            <p className="receipt-brand">{BRAND.legalName}</p>
            <h2 id="receipt-title" className="card-title">
              {r.title}
            </h2>
            <p className="muted">{formatWhen(r.created_at, zone)}</p>
          </header>
          <dl className="summary-lines">
            {r.lines.map((l, i) => (
              <div key={i}>
                <dt>
                  {l.label}
                  {l.when && <span className="muted"> · {formatLocalTime(l.when, l.time_zone)}</span>}
                </dt>
                <dd>{l.amount_cents !== null ? formatCents(l.amount_cents) : ""}</dd>
              </div>
            ))}
            <div className="summary-total">
              <dt>{WHAT[r.direction]}</dt>
              <dd data-testid="receipt-amount">{formatCents(r.amount_cents)}</dd>
            </div>
            {r.card && (
              <div>
                <dt>Card</dt>
                <dd>{r.card}</dd>
              </div>
            )}
            {r.refunds.map((f) => (
              <div key={f.id}>
                <dt>
                  <AppLink href={receiptHref(f.id)}>Refunded {formatWhen(f.created_at, zone)}</AppLink>
                </dt>
                <dd>−{formatCents(f.amount_cents)}</dd>
              </div>
            ))}
          </dl>
          {r.description && <p className="muted">{r.description}</p>}
          {r.original && (
            <p>
              Refund of <AppLink href={receiptHref(r.original.id)}>{r.original.title}</AppLink> (
              {formatCents(r.original.amount_cents)}).
            </p>
          )}
          <p className="receipt-fine muted">
            Receipt {r.id} · {BRAND.legalName}, {BRAND.mailingAddress} · {BRAND.supportEmail}
          </p>
          <div className="form-actions no-print">
            <button type="button" className="button button-primary" onClick={() => window.print()}>
              Print receipt
            </button>
            <AppLink href="/account/payments" className="button button-secondary">
              All payments
            </AppLink>
          </div>
        </article>
      )}
    </Page>
  );
}

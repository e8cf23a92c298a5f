import { useState } from "react";
import { EmptyState, Page } from "../../../components/layout/page";
import { BagIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/api-client";
import { formatCents } from "../../../lib/format";
import { useRequest } from "../../../lib/use-request";
import { fetchProductSales, fetchRedemptionProducts, type ProductSale } from "../job-actions/api";

const PAGE = 15;
const STATUS: Record<ProductSale["status"], string> = {
  fulfilled: "Paid",
  requested: "Waiting for the client to pay",
  cancelled: "Cancelled",
};

function day(ms: number) {
  return new Date(ms).toLocaleDateString([], { month: "short", day: "numeric", year: "numeric" });
}

/**
 * /business/products: the take-home products a pro can sell at a visit and what they sold (issue 21;
 * docs/decisions/073). A sale is made from the job's page, where the client is known.
 */
export function ProductsPage() {
  const products = useRequest("business:redemption-products", (signal) => fetchRedemptionProducts(signal));
  const [pages, setPages] = useState(1);
  const first = useRequest("business:product-sales:1", (signal) => fetchProductSales(1, signal));
  const [more, setMore] = useState<ProductSale[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sales = [...(first.data ?? []), ...more];
  const hasMore = sales.length === pages * PAGE;

  const loadMore = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await fetchProductSales(pages + 1);
      setMore((m) => [...m, ...next]);
      setPages((p) => p + 1);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page width="wide" eyebrow="Your business" title="Products">
      <div className="card-stack">
        <section className="card" aria-labelledby="products-title">
          <h2 className="card-title" id="products-title">
            What you can sell
          </h2>
          <p className="muted">Sell a product from a job&apos;s page: the client of that visit pays for it.</p>
          {products.error ? (
            <p role="alert">{errorMessage(products.error)}</p>
          ) : (
            <ul className="money-rows" data-testid="product-list">
              {(products.data ?? []).map((p) => (
                <li key={p.product_id}>
                  <span>
                    {p.name}
                    {p.description && <span className="muted"> · {p.description}</span>}
                  </span>
                  <span>
                    {formatCents(p.price_cents)} <span className="muted">you earn {formatCents(p.vendor_cents)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card" aria-labelledby="sales-title">
          <h2 className="card-title" id="sales-title">
            Your sales
          </h2>
          {first.loading && !first.data ? (
            <p className="muted" role="status">
              Loading your sales…
            </p>
          ) : first.error ? (
            <p role="alert">{errorMessage(first.error)}</p>
          ) : sales.length === 0 ? (
            <EmptyState icon={<BagIcon size={28} />} title="No products sold yet">
              <p>Products you sell at a visit appear here with what you earned.</p>
            </EmptyState>
          ) : (
            <ul className="money-rows" data-testid="product-sales">
              {sales.map((s) => (
                <li key={s.redemption_id} data-testid="product-sale-row">
                  <span>
                    {s.name} for {s.client_name ?? "your client"}{" "}
                    <span className="muted">
                      {day(s.created_at)}
                      {s.service_order_id ? ` · job #${s.service_order_id}` : ""} · {STATUS[s.status]}
                    </span>
                  </span>
                  <strong>{formatCents(s.vendor_cents)}</strong>
                </li>
              ))}
            </ul>
          )}
          {error && <p role="alert">{error}</p>}
          {hasMore && (
            <button
              type="button"
              className="button button-secondary button-sm"
              disabled={busy}
              onClick={() => void loadMore()}
            >
              {busy ? "Loading…" : "Show more"}
            </button>
          )}
        </section>
      </div>
    </Page>
  );
}

import { useRef, useState } from "react";
import type { JobActionsView } from "../../../../schema/payloads/job-actions";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { AppLink } from "../../../components/ui/app-link";
import { formatCents } from "../../../lib/format";
import { useRequest } from "../../../lib/use-request";
import { notify } from "../../../stores/alert-store";
import { actionKey, fetchRedemptionProducts, sellProduct, type RedemptionProduct } from "./api";

/**
 * Selling a take-home product at this visit (issue 21; docs/decisions/073 and 077): the pro picks a product,
 * confirms what it costs the client and what they earn, and the client's saved card pays (or the client is
 * texted a payment link). One idempotency key per confirmed sale, so a double tap sells once.
 */
export function ProductSaleSection({ view, onChanged }: { view: JobActionsView; onChanged(): void }) {
  const products = useRequest("business:redemption-products", (signal) => fetchRedemptionProducts(signal));
  const [chosen, setChosen] = useState<RedemptionProduct | null>(null);
  const key = useRef<string | null>(null);
  const list = products.data ?? [];
  if (products.loading && !products.data) return null;
  if (list.length === 0) return null;
  const client = view.customer.first_name;
  return (
    <section className="job-actions-section" aria-labelledby="product-sale-title" data-testid="product-sale">
      <h3 id="product-sale-title">Sell a product</h3>
      <p className="muted">
        Take-home products for {client}: their saved card pays, or we text them a link to pay. Past sales are in{" "}
        <AppLink href="/business/products">Products</AppLink>.
      </p>
      <ul className="money-rows">
        {list.map((p) => (
          <li key={p.product_id}>
            <span>
              {p.name} <span className="muted">{formatCents(p.price_cents)}</span>
            </span>
            <button
              type="button"
              className="button button-secondary button-sm"
              onClick={() => {
                key.current = actionKey("redeem");
                setChosen(p);
              }}
              data-testid="product-sell"
            >
              Sell
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={chosen !== null}
        title={chosen ? `Sell ${chosen.name} to ${client}?` : "Sell a product"}
        description={
          chosen
            ? `${client} pays ${formatCents(chosen.price_cents)} with their saved card (or by a link we text them). You earn ${formatCents(chosen.vendor_cents)} once it is paid.`
            : undefined
        }
        confirmLabel="Sell"
        busyLabel="Selling…"
        onCancel={() => setChosen(null)}
        onConfirm={async () => {
          const sale = await sellProduct(view.service_order_id, chosen!.product_id, key.current!);
          setChosen(null);
          notify(
            "success",
            sale.status === "fulfilled"
              ? `Sold: ${client} paid with their saved card.`
              : `Sale recorded: we texted ${client} a link to pay.`,
          );
          onChanged();
        }}
        testId="product-sale-confirm"
      />
    </section>
  );
}

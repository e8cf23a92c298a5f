import { CloseIcon } from "../../../components/ui/icons";
import type { MirrorItem } from "../../../lib/cart-api";
import { when, type Removed } from "./cart-view";

/**
 * The items the re-validation removed (docs/product.md section 8 CART_ITEM_NOT_AVAILABLE), each with its
 * nearest free time to hold again, or dismissed.
 */
export function CartNotices({
  removed,
  zip,
  nameOf,
  onHoldAgain,
  onDismiss,
}: {
  removed: Removed[];
  zip: string | null;
  nameOf: (i: MirrorItem) => string;
  onHoldAgain: (r: Removed) => void;
  onDismiss: (r: Removed) => void;
}) {
  return (
    <ul className="cart-notices" aria-label="Removed from your cart">
      {removed.map((r) => (
        <li key={r.item.cartitemid} className="cart-notice" role="status">
          <div className="cart-notice-text">
            <p>
              <strong>{nameOf(r.item)}</strong>{" "}
              {r.item.selectedDate ? `on ${when(r.item.selectedDate, r.item.time_zone, r.item.selected_at)} ` : ""}
              {r.lapsed
                ? "was removed: your 15-minute hold ended and the time was released."
                : "is no longer available at that time and was removed."}
            </p>
            {r.error && <p className="field-error">{r.error}</p>}
          </div>
          <div className="cart-notice-actions">
            {r.alternative && zip && (
              <button
                type="button"
                className="button button-primary button-sm"
                disabled={r.busy}
                onClick={() => onHoldAgain(r)}
              >
                {r.busy
                  ? "Holding…"
                  : r.alternative.selectedDate === r.item.selectedDate
                    ? "Hold it again"
                    : `Hold ${when(r.alternative.selectedDate, r.item.time_zone)}`}
              </button>
            )}
            <button
              type="button"
              className="icon-button"
              aria-label={`Dismiss the notice about ${nameOf(r.item)}`}
              onClick={() => onDismiss(r)}
            >
              <CloseIcon size={18} />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

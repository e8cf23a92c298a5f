import { formatDuration } from "../../../../domain/slot-format";
import type { CartItemView } from "../../../../schema/payloads/cart";
import { HoldCountdown } from "../../../components/booking/hold-countdown";
import { AppLink } from "../../../components/ui/app-link";
import { CalendarIcon, UserIcon } from "../../../components/ui/icons";
import type { MirrorItem } from "../../../lib/cart-api";
import { formatPrice } from "../../../lib/format";
import { ChangeTime } from "./change-time";
import { when, type CheckState } from "./cart-view";

/**
 * One item of the cart: its service, local time, pro, duration, price and hold countdown; a notice when its
 * time moved (CART_ITEM_DATE_CHANGED); and its actions (change the time in place, remove).
 */
export function CartItemRow({
  i,
  check,
  name,
  slug,
  zip,
  editing,
  busy,
  onEdit,
  onCancelEdit,
  onMoved,
  onRemove,
  onHoldExpired,
}: {
  i: MirrorItem;
  check: CheckState | undefined;
  name: string;
  slug: string | undefined;
  zip: string | null;
  editing: boolean;
  busy: boolean;
  onEdit: () => void;
  onCancelEdit: () => void;
  onMoved: (updated: CartItemView) => void;
  onRemove: () => void;
  onHoldExpired: () => void;
}) {
  const moved = check?.status === "CART_ITEM_DATE_CHANGED";
  return (
    <li className={`cart-item${moved ? " is-moved" : ""}`} data-testid="cart-item" aria-label={name}>
      <div className="cart-item-main">
        {i.display?.image ? (
          <img className="cart-thumb" src={i.display.image} alt="" width={96} height={72} />
        ) : (
          <span className="cart-thumb cart-thumb-empty" aria-hidden="true">
            <CalendarIcon size={22} />
          </span>
        )}
        <div className="cart-item-text">
          <h2 className="cart-item-name">{slug ? <AppLink href={`/services/${slug}`}>{name}</AppLink> : name}</h2>
          <p className="cart-item-line">
            <CalendarIcon size={15} />
            <span className="cart-item-when">{when(i.selectedDate, i.time_zone, i.selected_at)}</span>
          </p>
          <p className="cart-item-line">
            <UserIcon size={15} />
            {i.vendor_id !== null ? (
              <AppLink href={`/vendor/${i.vendor_id}`}>{i.display?.vendor_name ?? "Your pro"}</AppLink>
            ) : (
              <span>First available pro</span>
            )}
            <span className="muted">· {formatDuration(i.totalDuration)}</span>
          </p>
        </div>
        <div className="cart-item-side">
          <strong className="cart-item-price">{formatPrice(i.price_cents)}</strong>
          {!moved && <HoldCountdown expiresAt={i.hold_expires_at} onExpire={onHoldExpired} />}
        </div>
      </div>

      {moved && (
        <div className="cart-moved" role="status">
          <p>
            <strong>This time isn't offered any more.</strong>{" "}
            {check.alternative
              ? `The nearest free time is ${when(check.alternative.selectedDate, i.time_zone, check.alternative.selected_at)}.`
              : "Please choose another time."}
          </p>
        </div>
      )}

      {editing && zip ? (
        <ChangeTime
          item={i}
          zip={zip}
          suggested={moved ? (check.alternative?.selectedDate ?? null) : null}
          onCancel={onCancelEdit}
          onDone={onMoved}
        />
      ) : (
        <div className="cart-item-actions">
          {zip && (
            <button
              type="button"
              className={`button button-sm ${moved ? "button-primary" : "button-secondary"}`}
              onClick={onEdit}
              disabled={busy}
            >
              {moved ? "Choose a new time" : "Change time"}
            </button>
          )}
          <button
            type="button"
            className="button button-ghost button-sm"
            data-testid="cart-remove"
            aria-label={`Remove ${name}`}
            disabled={busy}
            onClick={onRemove}
          >
            {busy ? "Removing…" : "Remove"}
          </button>
        </div>
      )}
    </li>
  );
}

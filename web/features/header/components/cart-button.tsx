import { AppLink } from "../../../components/ui/app-link";
import { BagIcon } from "../../../components/ui/icons";
import { cartStore } from "../../../stores/cart-store";

export function CartButton() {
  const count = cartStore.use((s) => s.count);
  const label = count === 1 ? "Cart, 1 item" : `Cart, ${count} items`;
  return (
    <AppLink href="/cart" className="icon-button header-cart" aria-label={label} data-testid="cart-button">
      <BagIcon size={22} />
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </AppLink>
  );
}

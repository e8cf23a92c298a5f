import { useEffect, useState } from "react";
import { EmptyState, Page } from "../../../components/layout/page";
import { AppLink } from "../../../components/ui/app-link";
import { BagIcon } from "../../../components/ui/icons";
import { cartStore, readCart, type CartItemLike } from "../../../stores/cart-store";

/** /cart: what is in the local cart (key `cart`). Editing and holds arrive with the booking issue. */
export function CartPage() {
  const count = cartStore.use((s) => s.count);
  const [items, setItems] = useState<CartItemLike[]>([]);
  useEffect(() => setItems(readCart()), [count]);

  return (
    <Page title="Your cart" intro="Review your services before checking out.">
      {items.length === 0 ? (
        <EmptyState
          icon={<BagIcon size={28} />}
          title="Your cart is empty"
          steps={[
            { label: "Book by ZIP", href: "/#book", primary: true },
            { label: "Browse services", href: "/services" },
          ]}
        >
          <p>Choose a service and a time, and it will wait for you here while you decide.</p>
        </EmptyState>
      ) : (
        <>
          <ul className="next-steps" style={{ marginTop: 0 }}>
            {items.map((item, i) => (
              <li key={String(item.cartitemid ?? i)}>
                <h3>{typeof item.service_code === "string" ? item.service_code : `Service ${i + 1}`}</h3>
                <p>{typeof item.selectedDate === "string" ? item.selectedDate : "Time to be confirmed"}</p>
              </li>
            ))}
          </ul>
          <div className="form-actions" style={{ marginTop: 24 }}>
            <AppLink href="/checkout" className="button button-primary">
              Continue to checkout
            </AppLink>
            <AppLink href="/services" className="button button-secondary">
              Add another service
            </AppLink>
          </div>
        </>
      )}
    </Page>
  );
}

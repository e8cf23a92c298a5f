import { useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { EmptyState, Page } from "../../../components/layout/page";
import { ShieldIcon } from "../../../components/ui/icons";
import { ApiError } from "../../../lib/api-client";
import { cartStore } from "../../../stores/cart-store";
import { useShell } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";
import { validateCart, type CheckoutItem, type PlacedOrder } from "../api/checkout";
import { backToCart, SignedInCheckout } from "./signed-in-checkout";
import { OrderConfirmation } from "./order-confirmation";

export function CheckoutPage() {
  const count = cartStore.use((s) => s.count);
  const { viewer } = useShell();
  const [placed, setPlaced] = useState<{ order: PlacedOrder; items: CheckoutItem[] } | null>(null);

  if (placed) return <OrderConfirmation order={placed.order} items={placed.items} />;

  if (count === 0) {
    return (
      <Page title="Checkout">
        <EmptyState
          icon={<ShieldIcon size={28} />}
          title="There's nothing to check out yet"
          steps={[
            { label: "Book by ZIP", href: "/#book", primary: true },
            { label: "Back to Cart", href: "/cart" },
          ]}
        >
          <p>Add a service to your cart first. You pay when you book; changes are free up to 24 hours before.</p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title="Checkout" intro="A few details and you're booked." width="wide">
      {!viewer ? <VisitorCheckout /> : <SignedInCheckout key={viewer.user_id} onPlaced={setPlaced} />}
    </Page>
  );
}

/** Re-validates the cart on arrival; anything changed sends the customer back to /cart with the message. */
function CartCheck() {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    validateCart().catch((err) => {
      if (!live) return;
      if (err instanceof ApiError && err.code === "ERROR_CHECKOUT_VALIDATION_FAILED") backToCart(err, navigate);
    });
    return () => {
      live = false;
    };
  }, [navigate]);
  return null;
}

function VisitorCheckout() {
  return (
    <div className="checkout-layout">
      <CartCheck />
      <div className="checkout-main">
        <section className="card checkout-gate" aria-labelledby="gate-title">
          <h2 className="card-title" id="gate-title">
            Log in or create an account to book
          </h2>
          <p className="muted">
            We need an account to confirm your appointment and text you about your professional. Your cart stays exactly
            as it is.
          </p>
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={() => openAuthModal("login")}>
              Log In
            </button>
            <button type="button" className="button button-secondary" onClick={() => openAuthModal("signup")}>
              Create Account
            </button>
          </div>
        </section>
      </div>
    </div>
  );
}

/** One collapsible area of the checkout (docs/product.md "Checkout areas: accordion"). */

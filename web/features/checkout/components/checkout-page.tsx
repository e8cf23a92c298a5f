import { telHref } from "../../../config/brand";
import { EmptyState, Page } from "../../../components/layout/page";
import { ShieldIcon } from "../../../components/ui/icons";
import { cartStore } from "../../../stores/cart-store";
import { useShell } from "../../../stores/shell-context";
import { openAuthModal } from "../../../stores/ui-store";

/** /checkout: the header shows "Back to Cart" on phones and the bottom bar is hidden (SPEC section 2). */
export function CheckoutPage() {
  const count = cartStore.use((s) => s.count);
  const { viewer, supportPhone } = useShell();

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
          <p>Add a service to your cart first. Your card is only charged once your appointment is complete.</p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title="Checkout" intro="A few details and you're booked.">
      {!viewer ? (
        <EmptyState
          icon={<ShieldIcon size={28} />}
          title="Log in to check out"
          steps={[
            { label: "Log In", onClick: () => openAuthModal("login"), primary: true },
            { label: "Create Account", onClick: () => openAuthModal("signup") },
          ]}
        >
          <p>We need an account to confirm your appointment and send you updates about your professional.</p>
        </EmptyState>
      ) : (
        <EmptyState
          icon={<ShieldIcon size={28} />}
          title="Secure online payment is opening soon"
          steps={[{ label: `Call ${supportPhone}`, href: telHref(supportPhone), primary: true }]}
        >
          <p>Your cart is saved. Our care team can confirm these services with you by phone right now.</p>
        </EmptyState>
      )}
    </Page>
  );
}

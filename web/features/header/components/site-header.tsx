import { BRAND, telHref } from "../../../config/brand";
import { AppLink } from "../../../components/ui/app-link";
import { ChevronLeftIcon, PhoneIcon } from "../../../components/ui/icons";
import { Logo } from "../../../components/ui/logo";
import { mayBecomePro } from "../../../../domain/roles";
import { useShell, useViewer } from "../../../stores/shell-context";
import { AccountControls } from "./account-controls";
import { CartButton } from "./cart-button";
import { CategoryBar } from "./category-bar";
import { LocationButton } from "./location-box";
import { DesktopSearch, MobileSearch } from "./search-box";

function SupportStrip() {
  const { supportPhone } = useShell();
  const viewer = useViewer();
  return (
    <div className="support-strip">
      <div className="container support-inner">
        <p className="support-text">
          <span className="support-lead">Questions? We're here {BRAND.supportHours}.</span>{" "}
          <a className="support-phone" href={telHref(supportPhone)}>
            <PhoneIcon size={14} /> <span>{supportPhone}</span>
          </a>
        </p>
        <nav aria-label="Quick links" className="support-links">
          <AppLink href="/giftcard">Gift cards</AppLink>
          <AppLink href="/vendors">Find a pro</AppLink>
          <AppLink href="/help">Help</AppLink>
          {mayBecomePro(viewer) && <AppLink href="/become-a-pro">Become a pro</AppLink>}
        </nav>
      </div>
    </div>
  );
}

/** The main header (docs/product.md section 2). `checkout` swaps in a "Back to Cart" bar on phones. */
export function SiteHeader({ checkout = false }: { checkout?: boolean }) {
  return (
    <header className={`site-header${checkout ? " is-checkout" : ""}`}>
      {checkout && <CheckoutBar />}
      <div className="main-header-block">
        <SupportStrip />
        <div className="container header-row">
          <Logo />
          <DesktopSearch />
          <div className="header-actions">
            <MobileSearch />
            <LocationButton />
            <CartButton />
            <AccountControls />
          </div>
        </div>
        <div className="container">
          <CategoryBar />
        </div>
      </div>
    </header>
  );
}

/** Checkout on phones: the header shows only a way back to the cart. */
function CheckoutBar() {
  return (
    <div className="checkout-bar">
      <AppLink href="/cart" className="button button-ghost button-sm">
        <ChevronLeftIcon size={18} /> Back to Cart
      </AppLink>
      <Logo compact />
      <span className="checkout-secure">Secure checkout</span>
    </div>
  );
}

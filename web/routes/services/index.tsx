import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ServicesPage } from "../../features/catalog/components/services-page";
import { AccountControls } from "../../features/header/components/account-controls";
import { CartButton } from "../../features/header/components/cart-button";
import { LocationButton } from "../../features/header/components/location-box";
import { DesktopSearch, MobileSearch } from "../../features/header/components/search-box";

export const Route = createFileRoute("/services/")({
  head: () => ({ meta: [{ title: `Services | ${BRAND.name}` }] }),
  component: function ServicesRoute() {
    const term = Route.useSearch({ select: (s) => (s as Record<string, unknown>).searchTerm });
    // The default header is hidden on /services (SPEC section 2): the page's bar gets search, location, cart and account.
    return (
      <ServicesPage
        search={
          <DesktopSearch initialTerm={typeof term === "string" || typeof term === "number" ? String(term) : ""} />
        }
        actions={
          <>
            <MobileSearch />
            <LocationButton />
            <CartButton />
            {/* Phones reach Log In from the bottom bar. */}
            <span className="bar-account">
              <AccountControls />
            </span>
          </>
        }
      />
    );
  },
});

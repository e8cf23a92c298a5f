import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { ServicePage } from "../../features/catalog/components/service-page";
import { AccountControls } from "../../features/header/components/account-controls";
import { CartButton } from "../../features/header/components/cart-button";
import { LocationButton } from "../../features/header/components/location-box";
import { DesktopSearch, MobileSearch } from "../../features/header/components/search-box";

/** "swedish-massage-90" -> "Swedish Massage 90": a readable title before the catalogue answers. */
function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export const Route = createFileRoute("/services/$slug")({
  head: ({ params }) => ({ meta: [{ title: `${titleFromSlug(params.slug)} | ${BRAND.name}` }] }),
  component: function ServiceRoute() {
    const { slug } = Route.useParams();
    // The default header is hidden under /services (SPEC section 2): the page's bar gets search, location, cart and account.
    return (
      <ServicePage
        slug={slug}
        search={<DesktopSearch />}
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

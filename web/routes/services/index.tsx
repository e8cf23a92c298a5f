import { createFileRoute } from "@tanstack/react-router";
import { normalizeSearchTerm, canSubmitSearch } from "../../../domain/search-rules";
import { BRAND } from "../../config/brand";
import { catalogueQuery } from "../../features/catalog/api/get-service-and-category";
import { searchQuery } from "../../features/catalog/api/search-services";
import { ServicesPage } from "../../features/catalog/components/services-page";
import { AccountControls } from "../../features/header/components/account-controls";
import { CartButton } from "../../features/header/components/cart-button";
import { LocationButton } from "../../features/header/components/location-box";
import { DesktopSearch, MobileSearch } from "../../features/header/components/search-box";
import { PageDataProvider, pageApiFrom, seedPage, serverZip } from "../../lib/page-data";

export const Route = createFileRoute("/services/")({
  // Server render: the menu at the ZIP's prices, or a search's results (web/lib/page-data.tsx).
  loader: (args) => {
    const api = pageApiFrom(args);
    const zip = api ? serverZip(api, args.location.search) : null;
    const raw = (args.location.search as Record<string, unknown>).searchTerm;
    const term = typeof raw === "string" ? normalizeSearchTerm(raw) : typeof raw === "number" ? String(raw) : "";
    return seedPage(api, zip, [
      zip !== null && term === "" && catalogueQuery.seed(zip),
      zip !== null && term !== "" && canSubmitSearch(term) && searchQuery.seed({ zipCode: zip, searchTerm: term }),
    ]);
  },
  head: () => ({ meta: [{ title: `Services | ${BRAND.name}` }] }),
  component: function ServicesRoute() {
    const term = Route.useSearch({ select: (s) => (s as Record<string, unknown>).searchTerm });
    // The default header is hidden on /services (docs/product.md section 2): the page's bar gets search, location, cart and account.
    return (
      <PageDataProvider value={Route.useLoaderData()}>
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
      </PageDataProvider>
    );
  },
});

import { createFileRoute } from "@tanstack/react-router";
import { BRAND } from "../../config/brand";
import { catalogueQuery } from "../../features/catalog/api/get-service-and-category";
import { getServiceDetail } from "../../features/catalog/api/get-service-detail";
import { getTestimonials } from "../../features/catalog/api/get-testimonials";
import { getVendorsList } from "../../features/catalog/api/get-vendors-list";
import { ServicePage } from "../../features/catalog/components/service-page";
import { AccountControls } from "../../features/header/components/account-controls";
import { CartButton } from "../../features/header/components/cart-button";
import { LocationButton } from "../../features/header/components/location-box";
import { DesktopSearch, MobileSearch } from "../../features/header/components/search-box";
import { PageDataProvider, pageApiFrom, seedPage, serverZip } from "../../lib/page-data";
import { shellFromServerContext } from "../../lib/shell-data";

/** "swedish-massage-90" -> "Swedish Massage 90": a readable title before the catalogue answers. */
function titleFromSlug(slug: string): string {
  return slug
    .split("-")
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

export const Route = createFileRoute("/services/$slug")({
  // Server render: the service at the ZIP's price, its testimonials and the pros near the ZIP, keyed like
  // ServicePage's requests (web/lib/page-data.tsx).
  loader: (args) => {
    const api = pageApiFrom(args);
    const zip = api ? serverZip(api, args.location.search) : null;
    const categories = shellFromServerContext((args as { serverContext?: unknown }).serverContext)?.categories ?? [];
    const category = categories.find((c) => c.services.some((s) => s.slug === args.params.slug));
    const service = category?.services.find((s) => s.slug === args.params.slug);
    if (!service) {
      // Only the ZIP's catalogue lists it: the page finds it there.
      return seedPage(api, zip, [zip !== null && catalogueQuery.seed(zip)]);
    }
    const id = service.service_id;
    const scgid = category!.service_code_group_id;
    return seedPage(api, zip, [
      { key: `testimonials:${id}:${scgid}`, load: (via) => getTestimonials(id, scgid, undefined, via) },
      zip !== null && { key: `detail:${zip}:${id}`, load: (via) => getServiceDetail(zip, id, undefined, via) },
      zip !== null && {
        key: `pros:${zip}:${id}`,
        load: (via) => getVendorsList({ zipCode: zip, serviceId: id, sort: "distance" }, undefined, via),
      },
    ]);
  },
  head: ({ params }) => ({ meta: [{ title: `${titleFromSlug(params.slug)} | ${BRAND.name}` }] }),
  component: function ServiceRoute() {
    const { slug } = Route.useParams();
    // The default header is hidden under /services (docs/product.md section 2): the page's bar gets search, location, cart and account.
    return (
      <PageDataProvider value={Route.useLoaderData()}>
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
      </PageDataProvider>
    );
  },
});

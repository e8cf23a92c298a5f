import type { VendorPublicPage } from "../../../../schema/payloads/catalogue";
import { BRAND } from "../../../config/brand";
import { formatPrice } from "../../../lib/format";
import { pageHead } from "../../../lib/seo/head";
import { breadcrumbLd, localBusinessLd } from "../../../lib/seo/json-ld";
import type { VendorPageData } from "../api/get-vendor-service";
import { areaLabel } from "./area-label";

type Seeds = Record<string, unknown> | undefined;

function isPublic(x: unknown): x is VendorPublicPage {
  return Boolean(x && typeof x === "object" && "area" in x && "price_basis" in x);
}
function isZipPage(x: unknown): x is VendorPageData {
  return Boolean(x && typeof x === "object" && "vendor" in x && "services" in x && !("area" in x));
}

/**
 * The pro page's head: their name and bio, their photo in link previews, and the pro as a local business
 * (rating, reviews, area served, services with prices). From the public profile the server rendered without a
 * ZIP, else from the ZIP-priced page; without either (a client-side navigation) a plain title.
 */
export function vendorHead(vid: string, seeds: Seeds) {
  const path = `/vendor/${vid}`;
  const values = Object.values(seeds ?? {});
  const pub = values.find(isPublic);
  const zipped = values.find(isZipPage);
  const vendor = pub?.vendor ?? zipped?.vendor;
  if (!vendor) {
    return pageHead({ title: "Professional", description: BRAND.description, path });
  }
  const services = pub?.services ?? zipped?.services ?? [];
  const where = pub ? areaLabel(pub.area) : null;
  const cheapest = services.length ? Math.min(...services.map((s) => s.vendor_price_cents)) : null;
  const summary = [
    `${vendor.display_name}, at-home beauty pro${where ? ` serving ${where}` : ""}.`,
    vendor.rating_count > 0 ? `Rated ${vendor.rating.toFixed(1)} by ${vendor.rating_count} clients.` : "",
    services.length
      ? `${services
          .slice(0, 3)
          .map((s) => s.description)
          .join(", ")}${cheapest !== null ? ` from ${formatPrice(cheapest)}` : ""}.`
      : "",
    vendor.description ?? "",
  ]
    .filter(Boolean)
    .join(" ");
  const fromPrices = !pub || pub.price_basis === "from";
  return pageHead({
    title: `${vendor.display_name}${where ? `, at-home beauty pro in ${where.replace(/ \d{5}$/, "")}` : ""}`,
    description: summary,
    path,
    image: vendor.photo,
    imageAlt: vendor.display_name,
    type: "profile",
    jsonLd: [
      localBusinessLd({
        path,
        name: vendor.display_name,
        description: vendor.description,
        image: vendor.photo,
        rating: { value: vendor.rating, count: vendor.rating_count },
        reviews: (pub?.reviews ?? []).map((r) => ({
          author: r.name,
          rating: r.vendor_rating,
          body: r.vendor_rating_notes,
          date: r.rated_at?.slice(0, 10) ?? null,
        })),
        area: pub
          ? {
              city: pub.area.city,
              state: pub.area.state,
              zip: pub.area.zip,
              latitude: pub.area.latitude,
              longitude: pub.area.longitude,
              radiusMiles: pub.area.range_miles,
            }
          : {},
        services: services.map((s) => ({
          name: s.description,
          path: `/services/${s.slug}`,
          price: fromPrices ? { fromCents: s.vendor_price_cents } : { cents: s.vendor_price_cents },
        })),
      }),
      breadcrumbLd([
        { name: "Home", path: "/" },
        { name: "Professionals", path: "/vendors" },
        { name: vendor.display_name, path },
      ]),
    ],
  });
}

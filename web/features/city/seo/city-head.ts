import type { CityPage as CityPageData } from "../../../../schema/payloads/city-pages";
import { formatPrice } from "../../../lib/format";
import { pageHead } from "../../../lib/seo/head";
import { breadcrumbLd, itemListLd } from "../../../lib/seo/json-ld";

// Head helpers apart from the page's component: a route's head() is in every page's first bundle, so what it
// imports must not pull components in (docs/decisions/176).

/** "Massage in Chicago, IL": the page's one h1 and its title. */
export function cityPageTitle(page: Pick<CityPageData, "group" | "city">): string {
  return `${page.group.name} in ${page.city.name}, ${page.city.state}`;
}

/** One or two sentences about the page, for its intro and the search result's description. */
export function cityPageDescription(page: CityPageData): string {
  const pros = page.pro_count === 1 ? "1 pro" : `${page.pro_count} pros`;
  const from = Math.min(...page.services.map((s) => s.from_price_cents));
  const names = page.services.slice(0, 3).map((s) => s.name);
  return `Book ${page.group.name.toLowerCase()} at home in ${page.city.name}, ${page.city.state}: ${pros} offering ${names.join(", ")}${page.services.length > names.length ? " and more" : ""}, from ${formatPrice(from)}.`;
}

/** The city page's head: title, description, a pro's photo as the link preview, breadcrumbs and the pro list. */
export function cityHead(page: CityPageData, path: string) {
  const here = `${page.city.name}, ${page.city.state}`;
  return pageHead({
    title: cityPageTitle(page),
    description: cityPageDescription(page),
    path,
    image: page.pros.find((p) => p.photo.startsWith("/media/"))?.photo ?? null,
    jsonLd: [
      breadcrumbLd([
        { name: "Home", path: "/" },
        { name: page.group.name, path: "/services" },
        { name: here, path },
      ]),
      itemListLd({
        name: `${page.group.name} pros in ${here}`,
        items: page.pros.map((p) => ({ name: p.display_name, path: `/vendor/${p.vendor_id}` })),
      }),
    ],
  });
}

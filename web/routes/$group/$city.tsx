import { createFileRoute, notFound } from "@tanstack/react-router";
import { CITY_SLUG } from "../../../domain/sitemap";
import { BRAND } from "../../config/brand";
import { cityPageQuery } from "../../features/city/api/get-city-page";
import { CityPage, cityPageDescription, cityPageTitle } from "../../features/city/components/city-page";
import { ApiError } from "../../lib/api-client";
import { pageApiFrom } from "../../lib/page-data";
import { pageHead } from "../../lib/seo/head";
import { breadcrumbLd, itemListLd } from "../../lib/seo/json-ld";

const GROUP_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A city page, /<group>/<city>, e.g. /massage/chicago-il (docs/decisions/159-city-pages.md): rendered on
 * the server from GET /api/booking/cities/:group/:city. A city with no bookable pro in the group, or a path
 * that is not a city page, is the 404 page with a 404 status, never an empty page.
 */
export const Route = createFileRoute("/$group/$city")({
  loader: async (args) => {
    const { group, city } = args.params;
    if (!GROUP_SLUG.test(group) || !CITY_SLUG.test(city)) throw notFound();
    const api = pageApiFrom(args);
    try {
      return await cityPageQuery.fetch({ group, city }, api ? { via: api.fetch } : {});
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  head: ({ loaderData, params }) => {
    if (!loaderData) return { meta: [{ title: `Page not found | ${BRAND.name}` }] };
    const path = `/${params.group}/${params.city}`;
    const here = `${loaderData.city.name}, ${loaderData.city.state}`;
    return pageHead({
      title: cityPageTitle(loaderData),
      description: cityPageDescription(loaderData),
      path,
      image: loaderData.pros.find((p) => p.photo.startsWith("/media/"))?.photo ?? null,
      jsonLd: [
        breadcrumbLd([
          { name: "Home", path: "/" },
          { name: loaderData.group.name, path: "/services" },
          { name: here, path },
        ]),
        itemListLd({
          name: `${loaderData.group.name} pros in ${here}`,
          items: loaderData.pros.map((p) => ({ name: p.display_name, path: `/vendor/${p.vendor_id}` })),
        }),
      ],
    });
  },
  component: function CityRoute() {
    return <CityPage page={Route.useLoaderData()} />;
  },
});

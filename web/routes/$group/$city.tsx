import { createFileRoute, notFound } from "@tanstack/react-router";
import { CITY_SLUG } from "../../../domain/sitemap";
import { BRAND } from "../../config/brand";
import { cityPageQuery } from "../../features/city/api/get-city-page";
import { CityPage } from "../../features/city/components/city-page";
import { cityHead } from "../../features/city/seo/city-head";
import { ApiError } from "../../lib/api-client";
import { pageApiFrom } from "../../lib/page-data";

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
  head: ({ loaderData, params }) =>
    loaderData
      ? cityHead(loaderData, `/${params.group}/${params.city}`)
      : { meta: [{ title: `Page not found | ${BRAND.name}` }] },
  component: function CityRoute() {
    return <CityPage page={Route.useLoaderData()} />;
  },
});

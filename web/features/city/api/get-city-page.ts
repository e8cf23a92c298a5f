import { call } from "../../../lib/api-client";
import { bookingClient } from "../../../lib/api-clients";
import { defineQuery } from "../../../lib/query";

/** City pages change when pros join or leave: a few minutes in memory for going back. */
const CITY_TTL_MS = 5 * 60_000;

/** GET /api/booking/cities/:group/:city: a service group's pros and services in a metro (docs/decisions/159). */
export const cityPageQuery = defineQuery({
  key: ({ group, city }: { group: string; city: string }) => `city:${group}:${city}`,
  fetch: ({ group, city }: { group: string; city: string }, opts) =>
    call((o) => bookingClient.cities[":group"][":city"].$get({ param: { group, city } }, o), opts),
  ttlMs: CITY_TTL_MS,
});

/** GET /api/booking/cities?group=<id>: the city pages of one category (the service page links to them). */
export const groupCitiesQuery = defineQuery({
  key: ({ group }: { group: number }) => `cities:${group}`,
  fetch: ({ group }: { group: number }, opts) =>
    call((o) => bookingClient.cities.$get({ query: { group: String(group) } }, o), opts),
  ttlMs: CITY_TTL_MS,
});

export type CityPageData = Awaited<ReturnType<typeof cityPageQuery.fetch>>;

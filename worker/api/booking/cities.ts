import { Hono } from "hono";
import { CityLinksQuery, CityPageParams } from "../../../schema/payloads/city-pages";
import { cityLinksOfGroup, cityPage } from "../../catalogue/city-pages";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";

/**
 * City pages (docs/decisions/159-city-pages.md); mounted at /booking. The queries live in
 * worker/catalogue/city-pages.ts.
 */
export const citiesApi = new Hono<AppEnv>()
  /** The city pages of one category (the service pages link to them), by city. */
  .get("/cities", validate("query", CityLinksQuery), async (c) => {
    const { group } = c.req.valid("query");
    return c.json({ data: { cities: await cityLinksOfGroup(c.get("db"), group) } });
  })

  /** One city page: the group's pros based in the metro and their services; 404 where no pro is. */
  .get("/cities/:group/:city", validate("param", CityPageParams), async (c) => {
    const { group, city } = c.req.valid("param");
    return c.json({ data: await cityPage(c.get("db"), group, city) });
  });

import { Hono } from "hono";
import { FavouriteParam } from "../../../schema/payloads/visit-plan";
import type { AppEnv } from "../../http/types";
import { validate } from "../../http/validate";
import { requireUser, viewerOf } from "../../middleware/roles";
import { addFavourite, isFavourite, listFavourites, removeFavourite } from "../../visit-plan/favourites";

/**
 * /api/account/favourites: the signed-in customer's favourite pros (docs/decisions/153). PUT and DELETE are
 * idempotent; at most 20 favourites (FAVOURITES_LIMIT beyond).
 */
export const favouritesApi = new Hono<AppEnv>()
  .use(requireUser)

  /** Active favourites, newest first, each with the pro's next free time. */
  .get("/", async (c) => {
    const data = await listFavourites(c.env.DB, c.get("db"), viewerOf(c).user_id, c.get("now"));
    return c.json({ data });
  })

  .get("/:vendor_id", validate("param", FavouriteParam), async (c) => {
    const { vendor_id } = c.req.valid("param");
    return c.json({ data: { vendor_id, favourite: await isFavourite(c.env.DB, viewerOf(c).user_id, vendor_id) } });
  })

  .put("/:vendor_id", validate("param", FavouriteParam), async (c) => {
    const { vendor_id } = c.req.valid("param");
    await addFavourite(c.env.DB, viewerOf(c).user_id, vendor_id, c.get("now"));
    return c.json({ data: { vendor_id, favourite: true } });
  })

  .delete("/:vendor_id", validate("param", FavouriteParam), async (c) => {
    const { vendor_id } = c.req.valid("param");
    await removeFavourite(c.env.DB, viewerOf(c).user_id, vendor_id);
    return c.json({ data: { vendor_id, favourite: false } });
  });

import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { requireUser, viewerOf } from "../../middleware/roles";
import { clearDefaultCard, setDefaultCard } from "../../wallet/cards";
import { methodIdParam, portOf } from "../stripe/payment-methods";

/** The default card (/api/users/me/payment-methods): set one, or clear it. Each answers the wallet. */
export const userPaymentMethodsApi = new Hono<AppEnv>()
  .put("/:id/default", requireUser, async (c) => {
    const data = await setDefaultCard(c.get("db"), portOf(c), viewerOf(c).user_id, methodIdParam(c));
    return c.json({ data });
  })

  .delete("/default", requireUser, async (c) => {
    return c.json({ data: await clearDefaultCard(c.get("db"), portOf(c), viewerOf(c).user_id) });
  });

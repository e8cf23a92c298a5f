import { Hono } from "hono";
import { PRICING } from "../../../domain/pricing-config";
import { publicPaymentsConfig } from "../../adapters/payments";
import type { AppEnv } from "../../http/types";

/** GET /api/payments/config: what the browser needs to take a card (the adapter, Stripe's publishable key, the wallet minimum). */
export const paymentsConfigApi = new Hono<AppEnv>().get("/", (c) =>
  c.json({ data: publicPaymentsConfig(c.env, PRICING.walletMinimumCents) }),
);

import { Hono } from "hono";
import type { AppEnv } from "../../http/types";
import { ordersLiveApi } from "./live";
import { ordersApi, scheduledOrdersApi } from "./orders";
import { visitApi } from "./visit";

/**
 * /api/order: the customer's actions on one order (orders.ts: complete, reschedule, cancel, service-info...;
 * tip.ts under /tip, mounted by orders.ts). /api/orders, the customer's scheduled orders, is served by the
 * same orders.ts and mounted by worker/app.ts from `ordersRoutes`. visit.ts: the visit's calendar file and
 * links, and "book again" (/calendar, /calendar.ics, /book-again).
 */
export const orderRoutes = new Hono<AppEnv>().route("/", ordersApi).route("/", visitApi);

/** /api/orders: the signed-in customer's scheduled orders; /api/orders/live, their pages' live socket (live.ts). */
export const ordersRoutes = new Hono<AppEnv>().route("/", scheduledOrdersApi).route("/", ordersLiveApi);

import startEntry from "@tanstack/react-start/server-entry";
import { Hono } from "hono";
export { VendorCalendar } from "../durable/vendor-calendar";

const api = new Hono<{ Bindings: Env }>().basePath("/api");
api.get("/ping", async (c) => {
  const r = await c.env.DB.prepare("select 1 as one").first();
  const stub = c.env.VENDOR_CALENDAR.get(c.env.VENDOR_CALENDAR.idFromName("v1"));
  return c.json({ r, hi: await stub.hello() });
});

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/api/")) return api.fetch(request, env, ctx);
    return startEntry.fetch(request);
  },
} satisfies ExportedHandler<Env>;

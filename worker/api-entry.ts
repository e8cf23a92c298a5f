import { createApp } from "./app";
import { runScheduled } from "./cron";
import { handleCronBatch } from "./cron/queue";

/**
 * The Worker without server rendering: the API, media, the Durable Object classes and cron. Integration
 * tests run against this entry (the SSR handler is a virtual module of the Vite build); worker/index.ts
 * adds pages on top.
 */
export { VendorCalendar } from "../durable/vendor-calendar";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    await runScheduled(env, controller.scheduledTime);
  },
  queue: handleCronBatch,
} satisfies ExportedHandler<Env>;

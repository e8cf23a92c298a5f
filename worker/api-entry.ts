import { createApp } from "./app";
import { runScheduled } from "./cron";
import { handleCronBatch } from "./cron/queue";

/**
 * The deployed Worker without server rendering: the API, media, the Durable Object classes, cron and the
 * queue consumer, with the real clock. `npm run cron` serves it with `wrangler dev --test-scheduled` (the
 * SSR handler is a virtual module of the Vite build, so wrangler alone cannot serve worker/index.ts); the
 * integration tests use worker/test-entry.ts instead.
 */
export { VendorCalendar } from "./vendor-calendar";
export { CustomerLive } from "../durable/customer-live";

const app = createApp();

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    await runScheduled(env, controller.scheduledTime);
  },
  queue: handleCronBatch,
} satisfies ExportedHandler<Env>;

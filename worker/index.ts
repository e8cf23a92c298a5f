import startEntry from "@tanstack/react-start/server-entry";
import { createApp } from "./app";
import { runScheduled } from "./cron";

/**
 * The Worker entry: /api/* and /media/* go to Hono; every other path is rendered by TanStack Start with
 * the shell data (signed-in user, header catalogue) as request context, so pages render complete on the
 * first byte.
 */
export { VendorCalendar } from "../durable/vendor-calendar";

const app = createApp({
  renderPage: async (request, shell, pageApi) => startEntry.fetch(request, { context: { ...shell, pageApi } } as never),
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    await runScheduled(env, controller.scheduledTime);
  },
} satisfies ExportedHandler<Env>;

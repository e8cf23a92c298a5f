import startEntry from "@tanstack/react-start/server-entry";
import { env } from "cloudflare:workers";
import { mapsConfigProblem } from "./adapters/geo";
import { paymentsConfigProblem } from "./adapters/payments";
import { createApp } from "./app";
import { runScheduled } from "./cron";
import { handleCronBatch } from "./cron/queue";

/**
 * The Worker entry: /api/* and /media/* go to Hono; every other path is rendered by TanStack Start with
 * the shell data (signed-in user, header catalogue) as request context, so pages render complete on the
 * first byte.
 */
export { VendorCalendar } from "./vendor-calendar";
export { CustomerLive } from "../durable/customer-live";

// Says at startup (once per isolate) when the payments configuration refuses payments: a deploy that forgot a
// Stripe secret, or the local test-card processor without DEMO_MODE (checked as a deployed request would be).
const paymentsProblem = paymentsConfigProblem({ ...env, REQUEST_RUNTIME: "deployed" } as Env);
if (paymentsProblem)
  console.error(JSON.stringify({ at: "startup", error: "payments refused", problem: paymentsProblem }));
// Likewise for maps: MAPS_PROVIDER=google without its key refuses address lookups (docs/decisions/133).
const mapsProblem = mapsConfigProblem(env as Env);
if (mapsProblem) console.error(JSON.stringify({ at: "startup", error: "maps refused", problem: mapsProblem }));

const app = createApp({
  renderPage: async (request, shell, { nonce, pageApi }) =>
    startEntry.fetch(request, { context: { ...shell, cspNonce: nonce, pageApi } } as never),
  // Vite's development client injects scripts of its own: the policy only reports there.
  cspReportOnly: import.meta.env.DEV,
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env) {
    await runScheduled(env, controller.scheduledTime);
  },
  queue: handleCronBatch,
} satisfies ExportedHandler<Env>;

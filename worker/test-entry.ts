import { drizzle } from "drizzle-orm/d1";
import { VendorCalendar as DeployedVendorCalendar } from "./vendor-calendar";
import { paymentsFromEnv } from "./adapters/payments";
export { CustomerLive } from "../durable/customer-live";
import { SITEMAP_LIMITS } from "../domain/sitemap";
import { createApp } from "./app";
import { runScheduled } from "./cron";
import { handleCronBatch } from "./cron/queue";
import { testClock } from "./test-clock";

/**
 * The Worker as the integration tests run it (vitest.config.ts points here): the API, media, the Durable
 * Object and cron, without server rendering (a virtual module of the Vite build), and with the two test
 * clocks. Nothing here is imported by the deployed entry (worker/index.ts), so a deployed Worker has no code
 * path that lets a request move its clock (docs/decisions/045-one-clock-per-path.md).
 */

/**
 * The calendar object on the tests' timeline. Tests pin each call's time (`now`), often on fixed dates that
 * the real calendar has passed or not reached, so the object's own clock (used by its alarm) follows the
 * latest time its callers passed instead of the real one. Its alarm never fires by itself (it is parked far
 * in the future, since the instants it is armed for mean nothing to the real clock): a test that wants the
 * alarm runs it with runDurableObjectAlarm, and the alarm then judges expiry on the tests' time.
 */
const PARKED_ALARM_MS = 10 * 365 * 86_400_000;

export class VendorCalendar extends DeployedVendorCalendar {
  private callerTime = 0;

  protected override noteCallerTime(now: number): void {
    if (now > this.callerTime) this.callerTime = now;
  }

  protected override ownNow(): number {
    return this.callerTime || Date.now();
  }

  protected override armAlarm(): Promise<void> {
    return this.ctx.storage.setAlarm(Date.now() + PARKED_ALARM_MS);
  }
}

/** A request's lowered sitemap limit (x-test-sitemap-urls), so a test sees the index split with a few rows. */
function testSitemapLimits(req: Request) {
  const urls = Number(req.headers.get("x-test-sitemap-urls"));
  return { urls: Number.isInteger(urls) && urls > 0 ? urls : SITEMAP_LIMITS.urls, bytes: SITEMAP_LIMITS.bytes };
}

const app = createApp({ clock: testClock, sitemapLimits: testSitemapLimits });

/**
 * The local processor's test surface for disputes (docs/decisions/148-disputes.md): the bank decides a local
 * dispute, `POST /__test/local-disputes/<id>/won` or `/lost`, and the processor posts the signed
 * charge.dispute.closed event to the webhook's receiver. Only here: the deployed entries have no such path, and in
 * Stripe mode the bank decides (Stripe's test mode has its own evidence words for that).
 */
const SETTLE_PATH = /^\/__test\/local-disputes\/(dp_local_[A-Za-z0-9]{8,64})\/(won|lost)$/;

async function settleLocalDispute(request: Request, env: Env): Promise<Response | null> {
  const match = SETTLE_PATH.exec(new URL(request.url).pathname);
  if (!match || request.method !== "POST") return null;
  const now = testClock(request);
  const port = paymentsFromEnv(env, drizzle(env.DB), now);
  if (!port.settleLocalDispute) return Response.json({ error: "not the local processor" }, { status: 409 });
  const dispute = await port.settleLocalDispute(match[1]!, match[2] as "won" | "lost");
  return Response.json({ data: dispute });
}

export default {
  async fetch(request, env, ctx) {
    return (await settleLocalDispute(request, env)) ?? app.fetch(request, env, ctx);
  },
  async scheduled(controller, env) {
    await runScheduled(env, controller.scheduledTime);
  },
  queue: handleCronBatch,
} satisfies ExportedHandler<Env>;

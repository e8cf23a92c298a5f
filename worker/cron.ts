import { lt } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { oneTimeCodes, rateLimits, sessions } from "../schema/tables/accounts";

/**
 * Cron Trigger work (wrangler.toml [triggers]). Housekeeping now; subscription charges and reminders join
 * it with their issues. Every job is safe to run twice.
 */
export async function runScheduled(env: Env, now: number): Promise<void> {
  const db = drizzle(env.DB);
  const DAY = 24 * 60 * 60 * 1000;
  await db.batch([
    db.delete(sessions).where(lt(sessions.expires_at, now)),
    db.delete(oneTimeCodes).where(lt(oneTimeCodes.expires_at, now - DAY)),
    db.delete(rateLimits).where(lt(rateLimits.window_start, now - DAY)),
  ]);
}

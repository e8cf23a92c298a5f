import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import { readSession } from "../auth/sessions";
import type { AppEnv } from "../http/types";

/**
 * Opens the database and resolves the signed-in user (if any). API routes let a database failure reach
 * onError; page renders tolerate it and treat the visitor as signed out, so the page still renders.
 */
function sessionMiddleware(opts: { tolerateFailure: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const db = drizzle(c.env.DB);
    c.set("db", db);
    let found: Awaited<ReturnType<typeof readSession>> = null;
    try {
      found = await readSession(c, db, c.get("now"));
    } catch (error) {
      if (!opts.tolerateFailure) throw error;
      console.error(JSON.stringify({ at: "pageSession", error: String(error) }));
    }
    c.set("viewer", found?.user ?? null);
    c.set("sessionHash", found?.tokenHash ?? null);
    await next();
  });
}

export const session = sessionMiddleware({ tolerateFailure: false });
export const pageSession = sessionMiddleware({ tolerateFailure: true });

import { drizzle } from "drizzle-orm/d1";
import { createMiddleware } from "hono/factory";
import { readSession } from "../auth/sessions";
import type { AppEnv } from "../http/types";

/** Opens the database and resolves the signed-in user (if any) for every API request. */
export const session = createMiddleware<AppEnv>(async (c, next) => {
  const db = drizzle(c.env.DB);
  c.set("db", db);
  const found = await readSession(c, db, c.get("now"));
  c.set("viewer", found?.user ?? null);
  c.set("sessionHash", found?.tokenHash ?? null);
  await next();
});

import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { SessionUser } from "../auth/sessions";

export interface AppVariables {
  /** The request's clock in ms (worker/middleware/clock.ts). Handlers never call Date.now(). */
  now: number;
  db: DrizzleD1Database;
  /** The signed-in user, or null (worker/middleware/session.ts). */
  viewer: SessionUser | null;
  /** SHA-256 of the session token, when signed in. */
  sessionHash: string | null;
}

export interface AppEnv {
  Bindings: Env;
  Variables: AppVariables;
}

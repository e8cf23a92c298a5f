import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

/**
 * A throwaway local state (D1, R2, Durable Objects) for end-to-end tests and benchmarks: migrated and
 * seeded from scratch, so runs never depend on or disturb the developer's .wrangler/state.
 */
export function prepareState(dir: string, opts: { quiet?: boolean } = {}): void {
  const abs = path.resolve(dir);
  rmSync(abs, { recursive: true, force: true });
  const run = (cmd: string, args: string[]) =>
    execFileSync(cmd, args, {
      stdio: opts.quiet ? ["ignore", "ignore", "inherit"] : "inherit",
      env: { ...process.env, GLOW_STATE_DIR: abs },
    });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", abs]);
  run("npx", ["tsx", "scripts/seed/index.ts"]);
}

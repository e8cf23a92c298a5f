/** Runs `wrangler d1 execute` on the DB binding, locally or remotely, with the Node that runs the seed. */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
const WRANGLER = join(dirname(require.resolve("wrangler/package.json")), "bin", "wrangler.js");

export type Target = "--local" | "--remote";

/** GLOW_STATE_DIR (tests, benchmarks) points local runs at another state folder, as vite.config.ts does. */
const persistTo = (args: string[]) =>
  args.includes("--local") && process.env.GLOW_STATE_DIR ? ["--persist-to", process.env.GLOW_STATE_DIR] : [];

function run(args: string[]): { ok: boolean; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, [WRANGLER, "d1", "execute", "DB", ...args, ...persistTo(args)], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" },
  });
  return { ok: res.status === 0, stdout: res.stdout ?? "", stderr: res.stderr ?? "" };
}

/** One query's rows, or throws with wrangler's own words. */
export function query<T = Record<string, unknown>>(target: Target, sql: string): T[] {
  const res = run([target, "--command", sql, "--json", "-y"]);
  if (!res.ok) throw new Error(`wrangler d1 execute failed:\n${(res.stderr + res.stdout).trim()}`);
  const start = res.stdout.indexOf("[");
  const parsed = JSON.parse(res.stdout.slice(start)) as { results: T[]; success: boolean }[];
  return parsed[0]?.results ?? [];
}

export function executeFile(target: Target, file: string): void {
  const res = run([target, "--file", file, "-y"]);
  if (!res.ok) throw new Error(`wrangler d1 execute --file failed:\n${(res.stderr + res.stdout).trim()}`);
}

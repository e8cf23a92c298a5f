/**
 * Bad input through the development server (`vite dev`, what `npm run dev` serves): every API route of
 * docs/api-routes.md, as a visitor and as the demo customer, with a large JSON body, a malformed one and no
 * body, same-site and cross-site. The Worker refuses most of these before it reads the body (roles, CSRF);
 * the development server must still answer the Worker's own 4xx, never a 5xx (it used to answer Vite's
 * "fetch failed" 500 for some of them; docs/decisions/053-request-bodies.md). Exits 1 on any 5xx.
 *
 * Run: npx tsx scripts/dev-sweep.ts   (a fresh state in .wrangler/dev-sweep-state, port 4590)
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { prepareState } from "../tests/e2e/state";

const PORT = Number(process.env.SWEEP_PORT ?? 4590);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/dev-sweep-state";
const IN_FLIGHT = 8;

interface Route {
  method: string;
  path: string;
}

function routes(): Route[] {
  const doc = readFileSync(join(import.meta.dirname, "..", "docs", "api-routes.md"), "utf8");
  return [...doc.matchAll(/^\| `(\S+) (\S+)`/gm)].map((m) => ({
    method: m[1] === "any" ? "POST" : m[1]!,
    // Path parameters get a plausible id; the handlers refuse or miss it, which is the point.
    path: m[2]!.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "1"),
  }));
}

async function waitUp(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${ORIGIN}/api/shell`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("vite dev did not start within 120 s");
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function customerCookie(): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ phone: "ava@example.com", password: "demo-password" }),
  });
  if (!res.ok) throw new Error(`demo login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const BIG = JSON.stringify({ junk: "x".repeat(64 * 1024), items: Array.from({ length: 200 }, (_, i) => i) });
const BODIES: Array<[string, string | undefined]> = [
  ["large JSON", BIG],
  ["malformed JSON", '{"a": [1, 2'],
  ["no body", undefined],
];

async function main() {
  prepareState(STATE, { quiet: true });
  const child = spawn("npx", ["vite", "dev", "--port", String(PORT), "--strictPort"], {
    env: { ...process.env, GLOW_STATE_DIR: STATE },
    stdio: "ignore",
    detached: true,
  });
  try {
    await waitUp();
    const who: Array<[string, string | null]> = [
      ["visitor", null],
      ["customer", await customerCookie()],
    ];
    const jobs: Array<() => Promise<string | null>> = [];
    for (const r of routes()) {
      if (r.path.endsWith("/logout")) continue; // would end the customer's session mid-sweep
      for (const [role, cookie] of who)
        for (const site of ["same-site", "cross-site"] as const)
          for (const [kind, body] of r.method === "GET" ? BODIES.slice(2) : BODIES)
            jobs.push(async () => {
              const headers: Record<string, string> = {
                origin: site === "same-site" ? ORIGIN : "https://evil.example",
              };
              if (cookie) headers.cookie = cookie;
              if (body !== undefined) headers["content-type"] = "application/json";
              try {
                const res = await fetch(`${ORIGIN}${r.path}`, { method: r.method, headers, body });
                await res.arrayBuffer();
                return res.status >= 500 ? `${res.status} ${r.method} ${r.path} (${role}, ${site}, ${kind})` : null;
              } catch (err) {
                return `no answer ${r.method} ${r.path} (${role}, ${site}, ${kind}): ${String(err)}`;
              }
            });
    }
    const failures: string[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < jobs.length) {
          const failure = await jobs[next++]!();
          if (failure) failures.push(failure);
        }
      }),
    );
    console.log(
      `dev-server sweep: ${jobs.length} requests over ${routes().length} routes, ${failures.length} 5xx or unanswered`,
    );
    for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
    if (failures.length) process.exitCode = 1;
  } finally {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      /* already gone */
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

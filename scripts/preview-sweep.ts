/**
 * Bad input through the production build (`vite build`, then `vite preview`: the built Worker, as the browser
 * tests and the bench serve it; issue 20). Every API route of docs/api-routes.md, as every role (visitor and
 * the README's demo customer, pro, connect admin, admin and manager), with hostile bodies: huge numbers,
 * control characters, prototype keys, a malformed body, a body over the JSON cap; both image bombs on every
 * upload route; a flood of sockets and messages on the pro's live dashboard. Fails (exit 1) on any 5xx, any
 * unanswered request, or any error answer not shaped `{ error: { code, message } }`. Prints the request
 * count, the 5xx count and the shape conformance, then the Worker's peak memory and a cheap request's p99
 * while both bombs are refused.
 *
 * Run: npx tsx scripts/preview-sweep.ts   (builds if dist/ is missing; a fresh state in
 * .wrangler/preview-sweep-state; port 4326 unless SWEEP_PORT is set)
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { prepareState } from "../tests/e2e/state";
import { pngClaiming, pngInflating } from "../worker/uploads/test-images";

const PORT = Number(process.env.SWEEP_PORT ?? 4326);
const ORIGIN = `http://localhost:${PORT}`;
const STATE = ".wrangler/preview-sweep-state";
const IN_FLIGHT = 8;
const BOMB_SECONDS = 10;
const ROOT = join(import.meta.dirname, "..");

interface Route {
  method: string;
  path: string;
}

function routes(): Route[] {
  const doc = readFileSync(join(ROOT, "docs", "api-routes.md"), "utf8");
  return [...doc.matchAll(/^\| `(\S+) (\S+)`/gm)].map((m) => ({
    method: m[1] === "any" ? "POST" : m[1]!,
    path: m[2]!.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "1"),
  }));
}

/** Multipart routes (they read a form with a file). */
const UPLOAD_ROUTES = new Set([
  "POST /api/vendor/me/job",
  "POST /api/vendor/me/update-photo",
  "POST /api/vendor/me/customer-unreachable",
  "POST /api/vendor/create",
  "PUT /api/account/user/profile-picture",
  "POST /api/vendor/me/do-upload",
]);

const ROLES: Array<[string, string | null]> = [
  ["visitor", null],
  ["customer", "ava@example.com"],
  ["pro", "maya@example.com"],
  ["connect admin", "connect@example.com"],
  ["admin", "admin@example.com"],
  ["manager", "manager@example.com"],
];

const HUGE = 1e308;
const HOSTILE = JSON.stringify({
  page: HUGE,
  id: HUGE,
  count: -HUGE,
  service_order_id: HUGE,
  service_id: 2 ** 53 + 1,
  vendor_id: HUGE,
  product_id: HUGE,
  amount_cents: HUGE,
  people: HUGE,
  sessions: HUGE,
  radius_miles: HUGE,
  name: "Eve\r\nX-INJECT:1\u0000\u001b[31m",
  client_name: "Eve\r\nX-INJECT:1",
  description: "a\u2028b\u0007",
  phone: "\u0000+1 212 555 0101",
  email: "eve\r\n@example.com",
  zipcode: "1\u0000",
  zipCode: HUGE,
  date: "2026-02-30",
  constructor: { prototype: { admin: true } },
  __proto__: { admin: true },
});
const BODIES: Array<[string, string | undefined]> = [
  ["hostile JSON", HOSTILE.replace('"page":1e+308', '"page":1e308')],
  ["malformed JSON", '{"a": [1, 2'],
  ["over the JSON cap", JSON.stringify({ junk: "x".repeat(70 * 1024) })],
  ["no body", undefined],
];

const BOMBS: Array<[string, Uint8Array<ArrayBuffer>]> = [
  ["20000x20000 header bomb", pngClaiming(20_000, 20_000)],
  ["400 MB inflation bomb", pngInflating(400_000_000, 1000, 1000)],
];

function bombForm(bytes: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  const file = new File([bytes], "bomb.png", { type: "image/png" });
  for (const field of ["file", "photo", "license"]) form.append(field, file);
  for (const [k, v] of Object.entries({ service_order_id: "1", type: "before", index: "0", name: "Bomb" }))
    form.append(k, v);
  return form;
}

async function waitUp(): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${ORIGIN}/api/shell`)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error("vite preview did not start within 120 s");
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function login(email: string): Promise<string> {
  const res = await fetch(`${ORIGIN}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, "cf-connecting-ip": `10.9.0.${email.length}` },
    body: JSON.stringify({ phone: email, password: "demo-password" }),
  });
  if (!res.ok) throw new Error(`demo login of ${email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

interface Tally {
  requests: number;
  errors: number;
  shaped: number;
  failures: string[];
}

/** Checks one answer: no 5xx, and an error answer is `{ error: { code, message } }`. */
async function judge(tally: Tally, label: string, res: Response): Promise<void> {
  tally.requests++;
  const text = await res.text();
  if (res.status >= 500) {
    tally.failures.push(`${res.status} ${label}: ${text.slice(0, 120)}`);
    return;
  }
  if (res.status < 400) return;
  tally.errors++;
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    if (typeof body.error?.code === "string" && typeof body.error.message === "string") {
      tally.shaped++;
      return;
    }
  } catch {
    /* not JSON */
  }
  tally.failures.push(`unshaped ${res.status} ${label}: ${text.slice(0, 120)}`);
}

async function runAll(jobs: Array<() => Promise<void>>, inFlight = IN_FLIGHT): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
}

/** The workerd processes under the preview server, and their resident memory in MB. */
function workerdRssMb(rootPid: number): number {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      names.set(Number(entry), name);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  let total = 0;
  const walk = (pid: number) => {
    for (const child of children.get(pid) ?? []) {
      if (names.get(child) === "workerd") {
        try {
          const status = readFileSync(`/proc/${child}/status`, "utf8");
          total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
        } catch {
          /* gone */
        }
      }
      walk(child);
    }
  };
  walk(rootPid);
  return total;
}

async function main() {
  if (!existsSync(join(ROOT, "dist"))) execFileSync("npx", ["vite", "build"], { cwd: ROOT, stdio: "inherit" });
  prepareState(STATE, { quiet: true });
  const child = spawn("npx", ["vite", "preview", "--port", String(PORT), "--strictPort"], {
    cwd: ROOT,
    env: { ...process.env, GLOW_STATE_DIR: STATE, PORT: String(PORT) },
    stdio: "ignore",
    detached: true,
  });
  const started = Date.now();
  try {
    await waitUp();
    const who: Array<[string, string | null]> = [];
    for (const [role, email] of ROLES) who.push([role, email ? await login(email) : null]);
    const tally: Tally = { requests: 0, errors: 0, shaped: 0, failures: [] };
    const jobs: Array<() => Promise<void>> = [];
    const send = (label: string, path: string, init: RequestInit) => async () => {
      try {
        await judge(tally, label, await fetch(`${ORIGIN}${path}`, init));
      } catch (err) {
        tally.requests++;
        tally.failures.push(`no answer ${label}: ${String(err)}`);
      }
    };
    for (const r of routes()) {
      if (r.path.endsWith("/logout")) continue; // would end a session mid-sweep
      if (r.path.endsWith("/live")) continue; // the socket has its own flood below
      const upload = UPLOAD_ROUTES.has(`${r.method} ${r.path}`);
      for (const [role, cookie] of who) {
        const headers: Record<string, string> = { origin: ORIGIN };
        if (cookie) headers.cookie = cookie;
        for (const [kind, body] of r.method === "GET" ? BODIES.slice(3) : BODIES) {
          const h = { ...headers, ...(body !== undefined ? { "content-type": "application/json" } : {}) };
          jobs.push(send(`${r.method} ${r.path} (${role}, ${kind})`, r.path, { method: r.method, headers: h, body }));
        }
        jobs.push(send(`GET ${r.path}?page=1e308 (${role})`, `${r.path}?page=1e308&id=1e308&q=%0d%0aX`, { headers }));
        if (upload)
          for (const [kind, bytes] of BOMBS)
            jobs.push(
              send(`${r.method} ${r.path} (${role}, ${kind})`, r.path, {
                method: r.method,
                headers,
                body: bombForm(bytes),
              }),
            );
      }
    }
    await runAll(jobs);

    // The socket: 100 connects at once as the pro (the limit x 20), then a message flood on what opened.
    const pro = who.find(([role]) => role === "pro")![1]!;
    const sockets = await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<WebSocket | null>((resolve) => {
            const ws = new WebSocket(`ws://localhost:${PORT}/api/vendor/me/live`, {
              headers: { cookie: pro, origin: ORIGIN },
            } as unknown as string[]);
            ws.onopen = () => resolve(ws);
            ws.onerror = () => resolve(null);
          }),
      ),
    );
    const open = sockets.filter((s): s is WebSocket => s !== null);
    tally.requests += sockets.length;
    for (const ws of open) for (let i = 0; i < 500; i++) ws.send(`flood ${i}`);
    await new Promise((r) => setTimeout(r, 500));
    for (const ws of open) ws.close(1000, "sweep done");
    if (open.length > 5) tally.failures.push(`live socket: ${open.length} of 100 connects accepted (limit 5)`);
    // The server still answers after the flood.
    await send("GET /api/shell after the socket flood", "/api/shell", {})();

    // Both bombs at once on the job photo route, with a cheap request timed beside them.
    const latencies: number[] = [];
    let peakMb = workerdRssMb(child.pid!);
    let bombing = true;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, workerdRssMb(child.pid!))), 50);
    const cheap = (async () => {
      while (bombing) {
        const t0 = performance.now();
        await (await fetch(`${ORIGIN}/api/shell`)).arrayBuffer();
        latencies.push(performance.now() - t0);
      }
    })();
    const baseMb = peakMb;
    // Bombs keep coming for BOMB_SECONDS (4 at a time, both kinds in turn), so the cheap request is timed
    // enough times for its p99 to mean something.
    const bombsUntil = Date.now() + BOMB_SECONDS * 1000;
    let bombs = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < bombsUntil) {
          const i = bombs++;
          await send(`bomb ${i}`, "/api/vendor/me/job", {
            method: "POST",
            headers: { cookie: pro, origin: ORIGIN },
            body: bombForm(BOMBS[i % 2]![1]),
          })();
        }
      }),
    );
    bombing = false;
    await cheap;
    clearInterval(sampler);
    latencies.sort((a, b) => a - b);
    const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;

    const fives = tally.failures.filter((f) => /^(5\d\d|no answer)/.test(f)).length;
    console.log(
      `preview sweep: ${tally.requests} requests over ${routes().length} routes as ${ROLES.length} roles in ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s; ${fives} 5xx or unanswered; ` +
        `${tally.shaped} of ${tally.errors} error answers shaped {error:{code,message}}; ` +
        `live socket: ${open.length} of 100 connects accepted`,
    );
    console.log(
      `while ${bombs} bombs (both kinds, ${BOMB_SECONDS} s) were refused: Worker memory ${baseMb.toFixed(0)} MB -> peak ${peakMb.toFixed(0)} MB; ` +
        `a cheap request (GET /api/shell, ${latencies.length} timed): p50 ${p(0.5).toFixed(0)} ms, p99 ${p(0.99).toFixed(0)} ms`,
    );
    for (const f of tally.failures.slice(0, 40)) console.log(`  ${f}`);
    if (tally.failures.length) process.exitCode = 1;
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

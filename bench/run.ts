import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { homeClientJs, homeSsrTimes } from "./home-page";
import { serveBuiltWorker } from "./serve";
import { verdict } from "./stats";

/**
 * `npm run bench`: builds the Worker, serves it locally on a freshly seeded state and prints the figures
 * the issues ask for, next to their targets. Figures, not a pass/fail test.
 */
const fmt = (n: number, digits = 2) => n.toFixed(digits);

async function main() {
  const lines: string[] = [];
  const print = (line: string) => {
    console.log(line);
    lines.push(line);
  };

  if (existsSync("bench/free-slots.bench.ts")) {
    const { run } = await import("./free-slots.bench");
    const r = await run();
    print(
      `free slots, one vendor, 88 days, 300 jobs (pure): median ${fmt(r.median, 3)} ms, p99 ${fmt(r.p99, 3)} ms; target < 2 ms: ${verdict(r.median, 2)}`,
    );
  }

  execFileSync("npx", ["vite", "build"], { stdio: "ignore" });
  const server = await serveBuiltWorker({ port: 4320, stateDir: ".wrangler/bench-state" });
  try {
    const ssr = await homeSsrTimes(server.url, 300);
    print(
      `home page SSR (${ssr.n} sequential requests, built Worker): median ${fmt(ssr.median)} ms, p99 ${fmt(ssr.p99)} ms; target median < 30 ms: ${verdict(ssr.median, 30)}`,
    );
    const js = await homeClientJs(server.url);
    print(
      `home page client JS: ${js.files} files, ${fmt(js.rawKb, 1)} KB raw, ${fmt(js.gzipKb, 1)} KB gzip; target <= 150 KB gzip: ${verdict(js.gzipKb, 150.0001)}`,
    );
  } finally {
    server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

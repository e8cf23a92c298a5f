import { gzipSync } from "node:zlib";
import { summarize } from "./stats";

/** Server render time of `/`: full response (headers and streamed body) over sequential requests. */
export async function homeSsrTimes(url: string, requests: number): Promise<{ median: number; p99: number; n: number }> {
  for (let i = 0; i < 20; i++) await (await fetch(`${url}/`)).text(); // warm the isolate and D1
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/`, { headers: { accept: "text/html" } });
    await res.text();
    samples.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`GET / answered ${res.status}`);
  }
  return summarize(samples);
}

/** Every script the home page loads (entry and modulepreloads), gzip-compressed as a CDN would serve it. */
export async function homeClientJs(url: string): Promise<{ files: number; rawKb: number; gzipKb: number }> {
  const html = await (await fetch(`${url}/`)).text();
  const srcs = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/import\(["']([^"']+\.js)["']\)/g)) srcs.add(m[1]!);
  for (const m of html.matchAll(/"(\/assets\/[^"]+\.js)"/g)) srcs.add(m[1]!);
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, url))).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  return { files: srcs.size, rawKb: raw / 1024, gzipKb: gz / 1024 };
}

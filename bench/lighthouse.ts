import { existsSync } from "node:fs";
import { createServer, request as httpRequest, type Server } from "node:http";
import { constants as zlibConstants, createBrotliCompress, createGzip } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { stopOnExit } from "./processes";

/**
 * Lighthouse (mobile: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown, its defaults) against the
 * built Worker, through a proxy that compresses text like Cloudflare's edge does (brotli, else gzip), since
 * `vite preview` serves everything uncompressed. Debian Chromium runs it headless.
 */

/**
 * The Chromium Lighthouse drives: CHROMIUM_PATH when set (and only it: a path named on purpose is never
 * swapped for another), else Debian's /usr/bin/chromium or /usr/bin/chromium-browser. `found` is null when
 * that file is missing; `lookedAt` says where it looked.
 */
export function lighthouseChromium(): { found: string | null; lookedAt: string[] } {
  const lookedAt = process.env.CHROMIUM_PATH
    ? [process.env.CHROMIUM_PATH]
    : ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
  return { found: lookedAt.find((p) => existsSync(p)) ?? null, lookedAt };
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|xml)|image\/svg\+xml)/;

/** A local HTTP proxy to `target` that compresses compressible responses for clients that accept it. */
export function compressingProxy(target: string, port: number): Promise<{ url: string; close: () => void }> {
  const upstream = new URL(target);
  const server: Server = createServer((req, res) => {
    const headers = { ...req.headers, host: upstream.host };
    delete headers["accept-encoding"];
    const up = httpRequest(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (upRes) => {
        const type = String(upRes.headers["content-type"] ?? "");
        const accept = String(req.headers["accept-encoding"] ?? "");
        const encoding = !COMPRESSIBLE.test(type)
          ? null
          : /\bbr\b/.test(accept)
            ? "br"
            : /gzip/.test(accept)
              ? "gzip"
              : null;
        const outHeaders = { ...upRes.headers };
        if (!encoding) {
          res.writeHead(upRes.statusCode ?? 502, outHeaders);
          upRes.pipe(res);
          return;
        }
        delete outHeaders["content-length"];
        outHeaders["content-encoding"] = encoding;
        outHeaders["vary"] = "accept-encoding";
        res.writeHead(upRes.statusCode ?? 502, outHeaders);
        const z =
          encoding === "br"
            ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
            : createGzip({ level: 6 });
        upRes.pipe(z).pipe(res);
      },
    );
    up.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  return new Promise((resolve) =>
    server.listen(port, "127.0.0.1", () => resolve({ url: `http://localhost:${port}`, close: () => server.close() })),
  );
}

export interface LighthouseFigure {
  path: string;
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What Lighthouse named as the largest contentful paint (a CSS selector and the node's text). */
  lcpElement: string;
  /** The SEO category's score, when asked for (`seo: true`), with the ids of the SEO audits that failed. */
  seo?: { score: number; failed: string[] };
}

/**
 * Runs Lighthouse's performance category on each path (mobile), one Chromium for all of them, `runs` times
 * each, and keeps the run with the median score (Lighthouse's own advice: one run on a busy machine is noise,
 * because its simulation starts from the paint times it observed).
 */
export async function lighthouseFigures(
  baseUrl: string,
  paths: string[],
  runs = 3,
  opts: { seo?: boolean } = {},
): Promise<LighthouseFigure[]> {
  const { found, lookedAt } = lighthouseChromium();
  // chrome-launcher would crash the process on a missing file (an unhandled spawn error), skipping every cleanup.
  if (!found) throw new Error(`Chromium was not found (looked at ${lookedAt.join(", ")}): Lighthouse cannot run`);
  const chrome = await chromeLauncher.launch({
    chromePath: found,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const kill = stopOnExit(() => chrome.kill());
  const out: LighthouseFigure[] = [];
  try {
    for (const path of paths) {
      const tries: LighthouseFigure[] = [];
      for (let i = 0; i < runs; i++) tries.push(await once(chrome.port, baseUrl, path, opts.seo ?? false));
      tries.sort((a, b) => a.performance - b.performance);
      out.push(tries[Math.floor(tries.length / 2)]!);
    }
  } finally {
    kill();
  }
  return out;
}

async function once(port: number, baseUrl: string, path: string, seo: boolean): Promise<LighthouseFigure> {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: seo ? ["performance", "seo"] : ["performance"],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${path}: ${lhr.runtimeError.message}`);
  return {
    path,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    lcpElement: lcpElementOf(lhr.audits["largest-contentful-paint-element"]?.details),
    seo: seo ? seoOf(lhr) : undefined,
  };
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** The SEO score and the audits of its category that did not pass (weighted ones only: the score's own). */
function seoOf(lhr: Lhr): { score: number; failed: string[] } {
  const category = lhr.categories.seo;
  const failed = (category?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
    .map((ref) => ref.id);
  return { score: Math.round((category?.score ?? 0) * 100), failed };
}

/** The LCP node out of the audit's details (a table whose first item holds the node). */
function lcpElementOf(details: unknown): string {
  const seen: string[] = [];
  const walk = (x: unknown): void => {
    if (!x || typeof x !== "object" || seen.length > 0) return;
    const o = x as Record<string, unknown>;
    if (o.type === "node") {
      seen.push(`${String(o.selector ?? "")} "${String(o.nodeLabel ?? "").slice(0, 60)}"`);
      return;
    }
    for (const v of Object.values(o)) walk(v);
  };
  walk(details);
  return seen[0] ?? "unknown";
}

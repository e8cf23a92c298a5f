/**
 * Lighthouse alone against an already running server: `npx tsx bench/lighthouse-only.ts http://localhost:4173 / /cart`
 * (`--seo` anywhere adds the SEO category).
 * LIGHTHOUSE_PROXY_PORT moves the compressing proxy (4328 by default) when two checkouts measure at once.
 */
import { compressingProxy, lighthouseFigures } from "./lighthouse";
const base = process.argv[2] ?? "http://localhost:4327";
const proxy = await compressingProxy(base, Number(process.env.LIGHTHOUSE_PROXY_PORT ?? 4328));
try {
  const args = process.argv.slice(3);
  const seo = args.includes("--seo");
  for (const f of await lighthouseFigures(
    proxy.url,
    args.filter((a) => a !== "--seo"),
    3,
    { seo },
  ))
    console.log(
      `${f.path}: ${f.seo ? `SEO ${f.seo.score}${f.seo.failed.length ? ` (failed: ${f.seo.failed.join(", ")})` : ""}, ` : ""}performance ${f.performance}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}; LCP element ${f.lcpElement}`,
    );
} finally {
  proxy.close();
}

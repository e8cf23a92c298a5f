/**
 * Lighthouse alone against an already running server: `npx tsx bench/lighthouse-only.ts http://localhost:4173 / /cart`.
 * LIGHTHOUSE_PROXY_PORT moves the compressing proxy (4328 by default) when two checkouts measure at once.
 */
import { compressingProxy, lighthouseFigures } from "./lighthouse";
const base = process.argv[2] ?? "http://localhost:4327";
const proxy = await compressingProxy(base, Number(process.env.LIGHTHOUSE_PROXY_PORT ?? 4328));
try {
  for (const f of await lighthouseFigures(proxy.url, process.argv.slice(3)))
    console.log(
      `${f.path}: performance ${f.performance}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${f.tbtMs.toFixed(0)} ms, CLS ${f.cls.toFixed(3)}; LCP element ${f.lcpElement}`,
    );
} finally {
  proxy.close();
}

/** The home page's client JavaScript alone, against an already running server: `npx tsx bench/home-js-only.ts http://localhost:4173`. */
import { homeClientJs } from "./home-page";
const base = process.argv[2] ?? "http://localhost:4327";
const js = await homeClientJs(base);
console.log(
  `home page client JS: ${js.files} files, ${js.rawKb.toFixed(1)} KB raw, ${js.gzipKb.toFixed(1)} KB gzip; target <= 150 KB gzip`,
);

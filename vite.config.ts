import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackStart } from "@tanstack/react-start/plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// GLOW_STATE_DIR points the local D1/R2/Durable Object state somewhere else than .wrangler/state; the
// end-to-end tests and benchmarks use a fresh, freshly seeded one so they never touch your dev data.
const stateDir = process.env.GLOW_STATE_DIR;

export default defineConfig({
  server: { port: 5173, strictPort: true },
  preview: { port: Number(process.env.PORT ?? 4173), strictPort: true },
  plugins: [
    cloudflare({ viteEnvironment: { name: "ssr" }, persistState: stateDir ? { path: stateDir } : true }),
    // inlineCss: the stylesheets travel inside the HTML (about 15 KB compressed), so the first paint waits for
    // no other request (docs/decisions/101-first-paint-budget.md).
    tanstackStart({ srcDirectory: "web", server: { build: { inlineCss: true } } }),
    react(),
  ],
});

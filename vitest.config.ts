import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      main: "./worker/api-entry.ts",
      wrangler: { configPath: "./wrangler.toml" },
      miniflare: {
        bindings: {
          TEST_MIGRATIONS: await readD1Migrations("./migrations"),
          // Lets tests move the request clock with x-test-now (worker/middleware/clock.ts).
          ALLOW_TEST_CLOCK: "1",
          // The Stripe adapter's contract tests also run against Stripe's test mode when this is set.
          STRIPE_CONTRACT_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? "",
        },
      },
    })),
  ],
  test: { include: ["{domain,worker,durable,schema}/**/*.test.ts"], setupFiles: ["./worker/test-setup.ts"] },
});

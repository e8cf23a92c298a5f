import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";

/** Every test runs inside workerd, on the Worker as worker/test-entry.ts builds it. */
const workerd = cloudflareTest(async () => ({
  main: "./worker/test-entry.ts",
  wrangler: { configPath: "./wrangler.toml" },
  miniflare: {
    bindings: {
      TEST_MIGRATIONS: await readD1Migrations("./migrations"),
      // Days to move the real clock by (npm run test:any-date; worker/test-setup.ts).
      TEST_CLOCK_SHIFT_DAYS: process.env.TEST_CLOCK_SHIFT_DAYS ?? "0",
      // The Stripe adapter's contract tests also run against Stripe's test mode when this is set.
      STRIPE_CONTRACT_SECRET_KEY: process.env.STRIPE_SECRET_KEY ?? "",
      // npm run docs:routes: the route table test prints the table it expects (scripts/route-table.ts).
      ROUTE_TABLE_PRINT: process.env.ROUTE_TABLE_PRINT ?? "",
      // Links in texts sent by the alarm and cron (worker/jobs/offer-rounds.ts orderPageLink).
      APP_URL: "https://glow.test",
    },
  },
}));

const shared = {
  setupFiles: ["./worker/test-setup.ts"],
  // The concurrency tests (50 pros accepting one job, 100 racing codes) take 3 to 5 s on a quiet 2-core
  // machine and more under load; they check outcomes, not speed (the benches measure that).
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [workerd],
        test: {
          ...shared,
          name: "integration",
          include: ["{worker,durable,schema}/**/*.test.ts"],
          // Each file gets its own workerd and a fresh database and Durable Objects: the integration tests
          // assume an empty world (ZIPs, areas, counts), so they stay isolated.
        },
      },
      {
        plugins: [workerd],
        test: {
          ...shared,
          name: "domain",
          include: ["domain/**/*.test.ts"],
          // The pure rules share no storage or module state, so their files share one workerd: starting a
          // workerd and loading the Worker per file cost about 4 s each, 45 files x 2 runs in CI
          // (docs/decisions/135-test-projects.md).
          isolate: false,
        },
      },
    ],
  },
});

import { defineConfig } from "drizzle-kit";

// Tables live one file per area under schema/tables; `npm run db:generate` compares them with the last snapshot in
// migrations/meta and writes the difference as the next numbered migrations/NNNN_<name>.sql, the order
// `wrangler d1 migrations apply` runs them in. A landed migration never changes (`npm run db:check`). See
// docs/architecture.md "Migrations" and docs/decisions/137-one-story-for-migrations.md.
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/tables/*.ts",
  out: "./migrations",
  // NNNN_ prefixes numbered after the journal's last entry: the same numbers wrangler sorts by.
  migrations: { prefix: "index" },
  breakpoints: true,
});

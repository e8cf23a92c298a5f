import { defineConfig } from "drizzle-kit";

// Tables live one file per area under schema/tables; migrations are generated, numbered and forward-only.
export default defineConfig({
  dialect: "sqlite",
  schema: "./schema/tables/*.ts",
  out: "./migrations",
});

import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";

/**
 * One D1 batch (one transaction) of drizzle query builders and raw `sql` statements. drizzle-orm 0.45's own
 * db.batch cannot bind the parameters of a raw statement (db.run(sql`...`) has no prepared statement to
 * bind), and the conditional writes of the order flows (INSERT ... SELECT ... WHERE EXISTS, ON CONFLICT) are
 * raw SQL, so they go through D1 directly. Answers each statement's rows (RETURNING or SELECT).
 */
const dialect = new SQLiteSyncDialect();

type Statement = SQL | { toSQL(): { sql: string; params: unknown[] } };

export async function d1Batch(d1: D1Database, statements: readonly Statement[]): Promise<Record<string, unknown>[][]> {
  const prepared = statements.map((s) => {
    const q = "toSQL" in s ? s.toSQL() : dialect.sqlToQuery(s);
    return d1.prepare(q.sql).bind(...q.params);
  });
  const results = await d1.batch<Record<string, unknown>>(prepared);
  return results.map((r) => r.results ?? []);
}

import { env } from "cloudflare:test";
import { is, SQL } from "drizzle-orm";
import { getTableConfig, SQLiteColumn, SQLiteSyncDialect, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";

/**
 * The database the migrations build (worker/test-setup.ts applies every file of migrations/, as
 * `wrangler d1 migrations apply` does) must be the one schema/tables/ describes: drizzle-kit's snapshot is
 * taken from schema/tables/, so any difference here would come back as a wrong migration from
 * `npm run db:generate`, and the code's queries are typed from these definitions (docs/architecture.md,
 * "Migrations"; docs/decisions/137-one-story-for-migrations.md).
 *
 * Compared per table: columns (declared type, not null, default value, primary key, autoincrement), indexes
 * (name, columns, unique, partial WHERE), unique constraints, foreign keys (columns, target, actions) and CHECK
 * constraints. Triggers and views, which drizzle cannot describe, are refused.
 */

const modules = import.meta.glob<Record<string, unknown>>("./tables/*.ts", { eager: true });
const tables = Object.values(modules)
  .flatMap((m) => Object.values(m))
  .filter((value): value is SQLiteTable => is(value, SQLiteTable));
const dialect = new SQLiteSyncDialect();

/** SQLite's own tables and D1's / wrangler's bookkeeping, which no migration declares. */
const internal = (name: string) => name.startsWith("sqlite_") || name.startsWith("_cf_") || name === "d1_migrations";

async function all<T>(query: string): Promise<T[]> {
  return (await env.DB.prepare(query).all<T>()).results;
}

/** A default as the value SQLite stores: evaluated by SQLite itself, so `false`, `0` and `(0)` agree. */
async function evaluate(expression: string): Promise<unknown> {
  const row = await env.DB.prepare(`SELECT (${expression}) AS v`).first<{ v: unknown }>();
  return row?.v;
}

/** SQL text as drizzle renders it (parameters inlined), for index WHERE clauses and SQL defaults. */
function render(value: SQL): string {
  const { sql, params } = dialect.sqlToQuery(value.inlineParams());
  expect(params, `parameters left in ${sql}`).toEqual([]);
  return sql;
}

/** Quotes, table prefixes, case and spacing differ between hand-written and generated SQL; meaning does not. */
const normalise = (sql: string) =>
  sql
    .replace(/["`[\]]/g, "")
    .replace(/\b\w+\.(\w+)\b/g, "$1")
    .replace(/\s+/g, " ")
    .replace(/\s*([(),=<>])\s*/g, "$1")
    .trim()
    .toLowerCase()
    .replace(/^\((.*)\)$/, "$1");

/** The expressions of every CHECK (...) in a CREATE TABLE statement (as ALTER TABLE ADD COLUMN leaves it too). */
function checksIn(tableSql: string): string[] {
  const checks: string[] = [];
  for (const match of tableSql.matchAll(/\bcheck\s*\(/gi)) {
    let depth = 1;
    let at = match.index + match[0].length;
    const start = at;
    for (; at < tableSql.length && depth > 0; at++) {
      if (tableSql[at] === "(") depth++;
      else if (tableSql[at] === ")") depth--;
      else if (tableSql[at] === "'") at = tableSql.indexOf("'", at + 1);
    }
    checks.push(normalise(tableSql.slice(start, at - 1)));
  }
  return checks;
}

type ColumnInfo = { name: string; type: string; notnull: number; dflt_value: string | null; pk: number };
type IndexInfo = { name: string; unique: number; origin: "c" | "u" | "pk"; partial: number };
type ForeignKeyInfo = {
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
  on_update: string;
  on_delete: string;
};

async function drift(): Promise<string[]> {
  const found: string[] = [];
  const master = await all<{ type: string; name: string; tbl_name: string; sql: string | null }>(
    "SELECT type, name, tbl_name, sql FROM sqlite_master",
  );
  const dbTables = new Set(master.filter((m) => m.type === "table" && !internal(m.name)).map((m) => m.name));
  const defined = new Map(tables.map((t) => [getTableConfig(t).name, t]));

  for (const name of dbTables)
    if (!defined.has(name)) found.push(`table ${name}: made by the migrations, missing in schema/tables`);
  for (const name of defined.keys())
    if (!dbTables.has(name)) found.push(`table ${name}: in schema/tables, never made by a migration`);
  for (const m of master) {
    if (m.type === "trigger" || m.type === "view") found.push(`${m.type} ${m.name}: drizzle cannot describe it`);
  }

  for (const [name, table] of defined) {
    if (!dbTables.has(name)) continue;
    const config = getTableConfig(table);
    const where = (what: string) => `${name}.${what}`;
    const tableSql = master.find((m) => m.type === "table" && m.name === name)?.sql ?? "";

    // Columns.
    const dbColumns = new Map((await all<ColumnInfo>(`PRAGMA table_info("${name}")`)).map((c) => [c.name, c]));
    const primaryKey =
      config.primaryKeys[0]?.columns.map((c) => c.name) ?? config.columns.filter((c) => c.primary).map((c) => c.name);
    const dbPrimaryKey = [...dbColumns.values()]
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    if (primaryKey.join() !== dbPrimaryKey.join())
      found.push(`${name}: primary key (${dbPrimaryKey}) in the database, (${primaryKey}) in drizzle`);
    const autoIncrement = config.columns.some((c) => (c as SQLiteColumn & { autoIncrement?: boolean }).autoIncrement);
    if (autoIncrement !== /\bautoincrement\b/i.test(tableSql))
      found.push(`${name}: AUTOINCREMENT ${autoIncrement ? "only in drizzle" : "only in the database"}`);

    for (const c of dbColumns.keys())
      if (!config.columns.some((d) => d.name === c))
        found.push(`${where(c)}: column in the database, missing in drizzle`);
    for (const column of config.columns) {
      const db = dbColumns.get(column.name);
      if (!db) {
        found.push(`${where(column.name)}: column in drizzle, missing in the database`);
        continue;
      }
      if (db.type.toLowerCase() !== column.getSQLType().toLowerCase())
        found.push(`${where(column.name)}: type ${db.type} in the database, ${column.getSQLType()} in drizzle`);
      // An INTEGER PRIMARY KEY is the rowid, never null whether or not it says NOT NULL.
      const rowid = dbPrimaryKey.length === 1 && db.pk === 1 && db.type.toLowerCase() === "integer";
      if (!rowid && Boolean(db.notnull) !== column.notNull)
        found.push(
          `${where(column.name)}: ${db.notnull ? "NOT NULL" : "nullable"} in the database, ${column.notNull ? "notNull()" : "nullable"} in drizzle`,
        );

      const declared = column.default;
      if (declared === undefined) {
        if (db.dflt_value !== null)
          found.push(`${where(column.name)}: default ${db.dflt_value} in the database, none in drizzle`);
        continue;
      }
      const expected = is(declared, SQL) ? await evaluate(render(declared)) : column.mapToDriverValue(declared);
      const actual = db.dflt_value === null ? undefined : await evaluate(db.dflt_value);
      if (actual !== expected)
        found.push(
          `${where(column.name)}: default ${db.dflt_value ?? "none"} in the database, ${JSON.stringify(expected)} in drizzle`,
        );
    }

    // Indexes: the ones drizzle names must exist with the same columns, uniqueness and WHERE.
    const dbIndexes = (await all<IndexInfo>(`PRAGMA index_list("${name}")`)).filter((i) => i.origin !== "pk");
    const columnsOf = async (index: string) =>
      (await all<{ name: string | null }>(`PRAGMA index_info("${index}")`)).map((c) => c.name ?? "<expression>");
    const whereOf = (index: string) => {
      const sql = master.find((m) => m.type === "index" && m.name === index)?.sql ?? "";
      const at = sql.search(/\bwhere\b/i);
      return at < 0 ? "" : normalise(sql.slice(at + 5));
    };
    const dbIndex = new Map<string, { columns: string[]; unique: boolean; where: string; origin: string }>();
    for (const i of dbIndexes)
      dbIndex.set(i.name, {
        columns: await columnsOf(i.name),
        unique: Boolean(i.unique),
        where: whereOf(i.name),
        origin: i.origin,
      });

    const uniques = [
      ...config.columns.filter((c) => c.isUnique).map((c) => [c.name]),
      ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name)),
    ];
    const matchedByUnique = new Set<string>();
    for (const columns of uniques) {
      const match = [...dbIndex].find(([, i]) => i.unique && !i.where && i.columns.join() === columns.join());
      if (match) matchedByUnique.add(match[0]);
      else found.push(`${where(columns.join(","))}: unique in drizzle, no unique index in the database`);
    }
    const named = new Set<string>();
    for (const index of config.indexes) {
      const { name: indexName, columns, unique, where: filter } = index.config;
      named.add(indexName);
      const db = dbIndex.get(indexName);
      if (!db) {
        found.push(`${where(indexName)}: index in drizzle, missing in the database`);
        continue;
      }
      const cols = columns.map((c) => (is(c, SQL) ? "<expression>" : (c as SQLiteColumn).name));
      if (cols.join() !== db.columns.join())
        found.push(`${where(indexName)}: on (${db.columns}) in the database, (${cols}) in drizzle`);
      if (Boolean(unique) !== db.unique)
        found.push(
          `${where(indexName)}: ${db.unique ? "unique" : "not unique"} in the database, ${unique ? "unique" : "not unique"} in drizzle`,
        );
      const expectedWhere = filter ? normalise(render(filter)) : "";
      if (expectedWhere !== db.where)
        found.push(`${where(indexName)}: WHERE "${db.where}" in the database, "${expectedWhere}" in drizzle`);
    }
    for (const [indexName, db] of dbIndex) {
      if (named.has(indexName) || matchedByUnique.has(indexName)) continue;
      found.push(
        `${where(indexName)}: ${db.unique ? "unique " : ""}index on (${db.columns})${db.where ? ` WHERE ${db.where}` : ""} in the database, missing in drizzle`,
      );
    }

    // Foreign keys, compared as sets of "columns -> table(columns) on delete / on update".
    const rows = await all<ForeignKeyInfo>(`PRAGMA foreign_key_list("${name}")`);
    const dbKeys = new Set<string>();
    for (const id of new Set(rows.map((r) => r.id))) {
      const parts = rows.filter((r) => r.id === id).sort((a, b) => a.seq - b.seq);
      const first = parts[0]!;
      const to = parts.map((p) => p.to ?? "<primary key>");
      dbKeys.add(
        `(${parts.map((p) => p.from)}) -> ${first.table}(${to}) on delete ${first.on_delete.toLowerCase()} on update ${first.on_update.toLowerCase()}`,
      );
    }
    const drizzleKeys = new Set(
      config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const target = getTableConfig(ref.foreignTable).name;
        return `(${ref.columns.map((c) => c.name)}) -> ${target}(${ref.foreignColumns.map((c) => c.name)}) on delete ${fk.onDelete ?? "no action"} on update ${fk.onUpdate ?? "no action"}`;
      }),
    );
    for (const key of dbKeys)
      if (!drizzleKeys.has(key)) found.push(`${name}: foreign key ${key} in the database, not in drizzle`);
    for (const key of drizzleKeys)
      if (!dbKeys.has(key)) found.push(`${name}: foreign key ${key} in drizzle, not in the database`);

    // CHECK constraints (on a column or the table), compared by their expressions.
    const dbChecks = checksIn(tableSql);
    const drizzleChecks = config.checks.map((c) => normalise(render(c.value)));
    for (const check of dbChecks)
      if (!drizzleChecks.includes(check)) found.push(`${name}: CHECK (${check}) in the database, not in drizzle`);
    for (const check of drizzleChecks)
      if (!dbChecks.includes(check)) found.push(`${name}: CHECK (${check}) in drizzle, not in the database`);
  }
  return found;
}

describe("the migrated database", () => {
  it("finds every table module (the same files drizzle.config.ts reads)", () => {
    expect(Object.keys(modules).length).toBeGreaterThan(10);
    expect(tables.length).toBeGreaterThan(50);
  });

  it("equals the drizzle definitions in schema/tables: tables, columns, indexes and foreign keys", async () => {
    expect(await drift()).toEqual([]);
  });
});

/** SQL text for the seed: literal quoting and chunked multi-row INSERT OR IGNORE statements. */

export type SqlValue = string | number | boolean | null | undefined;
export type Row = Record<string, SqlValue>;

export function lit(v: SqlValue): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`seed: non-finite number ${v}`);
    return String(v);
  }
  return `'${v.replace(/'/g, "''")}'`;
}

/**
 * INSERT OR IGNORE statements for rows of one table, `chunk` rows per statement (D1 caps a statement at
 * 100 KB; 200 short rows stay well under). Every row must have the same columns as the first. Rows carry
 * fixed primary keys, so a second run inserts nothing.
 */
export function insertRows(table: string, rows: readonly Row[], chunk = 200): string[] {
  if (rows.length === 0) return [];
  const columns = Object.keys(rows[0]!);
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows.slice(i, i + chunk).map((row) => {
      const keys = Object.keys(row);
      if (keys.length !== columns.length || keys.some((k, j) => k !== columns[j])) {
        throw new Error(`seed: ${table} row has columns ${keys.join(",")}, expected ${columns.join(",")}`);
      }
      return `(${columns.map((c) => lit(row[c])).join(",")})`;
    });
    out.push(`INSERT OR IGNORE INTO ${table} (${columns.join(",")}) VALUES\n${values.join(",\n")};`);
  }
  return out;
}

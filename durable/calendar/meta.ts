/** Small key-value settings of the object (vendor id, settings snapshot, sequence, projection retry state). */
export const META_SCHEMA = `CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`;

export class Meta {
  constructor(private readonly sql: SqlStorage) {}

  all(): Map<string, string> {
    return new Map(
      this.sql
        .exec<{ key: string; value: string }>("SELECT key, value FROM meta")
        .toArray()
        .map((r) => [r.key, r.value]),
    );
  }

  get(key: string): string | undefined {
    return this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0]?.value;
  }

  set(key: string, value: string): void {
    this.sql.exec(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      value,
    );
  }

  delete(key: string): void {
    this.sql.exec("DELETE FROM meta WHERE key = ?", key);
  }
}

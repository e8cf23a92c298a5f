/**
 * Jobs booked on this vendor's calendar at checkout that no pro has accepted yet, with the next time their
 * offers need attention (an offer round lapsing, or the cut-off before the appointment). The object's alarm
 * drives them (docs/decisions/046-live-offers.md).
 */
export const OFFER_WATCH_SCHEMA = `
CREATE TABLE IF NOT EXISTS offer_watch (
  service_order_id INTEGER PRIMARY KEY,
  due_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS offer_watch_due_idx ON offer_watch (due_at);
`;

export class OfferWatch {
  constructor(private readonly sql: SqlStorage) {}

  /** Watches a job (or moves its due time). */
  set(serviceOrderId: number, dueAt: number): void {
    this.sql.exec(
      "INSERT INTO offer_watch (service_order_id, due_at) VALUES (?, ?) ON CONFLICT (service_order_id) DO UPDATE SET due_at = excluded.due_at",
      serviceOrderId,
      dueAt,
    );
  }

  stop(serviceOrderId: number): void {
    this.sql.exec("DELETE FROM offer_watch WHERE service_order_id = ?", serviceOrderId);
  }

  due(now: number): number[] {
    return this.sql
      .exec<{ service_order_id: number }>(
        "SELECT service_order_id FROM offer_watch WHERE due_at <= ? ORDER BY due_at",
        now,
      )
      .toArray()
      .map((r) => r.service_order_id);
  }

  nextDue(): number | null {
    return this.sql.exec<{ t: number | null }>("SELECT min(due_at) AS t FROM offer_watch").one().t;
  }
}

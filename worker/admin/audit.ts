/**
 * The audit trail of staff actions (docs/decisions/091-audit-trail.md). Every staff action is one D1 batch
 * (one transaction) that starts with a conditional write on its target (the target must still be in the
 * state staff saw), then the audit row, written only when that write changed a row (`changes()` of the
 * statement just before it), then any further writes, each guarded by the audit row's op_key existing. So
 * an action that fails its state check, or loses a race, writes nothing at all: no change, no audit row.
 * There is no route that updates or deletes audit rows.
 */

export interface AuditEntry {
  actorUserId: number;
  /** What was done, "<target>.<verb>" (vendor.terminate, rating.approve...). */
  action: string;
  targetType: string;
  targetId: string | number;
  reason?: string | null;
  /** The target's fields the action changes, before and after (JSON). */
  before: unknown;
  after: unknown;
  /** Anything else worth keeping (ids of jobs re-offered, the charge's key...). */
  details?: unknown;
  now: number;
}

export interface AuditedAction {
  /** Unique per action; later statements check `guard` (the audit row with this key exists). */
  opKey: string;
  guard: string;
}

export function newAuditedAction(): AuditedAction {
  const opKey = crypto.randomUUID();
  // A UUID we generated ourselves: safe to inline, and it keeps the guard independent of bind positions.
  return { opKey, guard: `EXISTS (SELECT 1 FROM audit_log WHERE op_key = '${opKey}')` };
}

/** The audit row, inserted only if the statement right before it in the batch changed at least one row. */
export function auditInsert(d1: D1Database, op: AuditedAction, e: AuditEntry): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO audit_log (actor_user_id, action, target_type, target_id, reason, before_value, after_value, details, op_key, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10 WHERE changes() > 0`,
    )
    .bind(
      e.actorUserId,
      e.action,
      e.targetType,
      String(e.targetId),
      e.reason ?? null,
      JSON.stringify(e.before ?? null),
      JSON.stringify(e.after ?? null),
      e.details === undefined ? null : JSON.stringify(e.details),
      op.opKey,
      e.now,
    );
}

/**
 * Runs `primary` (the conditional write on the target), the audit row, then `rest` (each must include
 * `op.guard` in its WHERE), as one batch. Answers whether the action happened, and every statement's result.
 */
export async function runAudited(
  d1: D1Database,
  op: AuditedAction,
  primary: D1PreparedStatement,
  entry: AuditEntry,
  rest: readonly D1PreparedStatement[] = [],
): Promise<{ done: boolean; results: D1Result[] }> {
  const results = await d1.batch([primary, auditInsert(d1, op, entry), ...rest]);
  return { done: (results[1]?.meta.changes ?? 0) > 0, results };
}

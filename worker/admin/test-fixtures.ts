import { env } from "cloudflare:test";
import { Client, promote, roleClients, signUp } from "../test-utils";

/** Every role of docs/product.md section 6 plus the staff tiers of docs/decisions/090 (team lead 60, manager 70). */
export async function staffClients() {
  const base = await roleClients();
  const teamLead = new Client();
  const tl = await signUp(teamLead, { name: "Role Team Lead" });
  await promote(tl.profile.user_id, { groups: "60" });
  const manager = new Client();
  const m = await signUp(manager, { name: "Role Manager" });
  await promote(m.profile.user_id, { groups: "12,70" });
  return { ...base, teamLead, manager };
}

export async function signedInAdmin(groups = "50") {
  const client = new Client();
  const account = await signUp(client, { name: `Staff ${groups}` });
  await promote(account.profile.user_id, { groups });
  return { client, user_id: account.profile.user_id as number };
}

export interface AuditRow {
  id: number;
  actor_user_id: number;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before_value: string | null;
  after_value: string | null;
  details: string | null;
}

/** The audit rows about one target, oldest first. */
export async function auditRowsFor(targetType: string, targetId: number | string): Promise<AuditRow[]> {
  const { results } = await env.DB.prepare(
    "SELECT * FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id",
  )
    .bind(targetType, String(targetId))
    .all<AuditRow>();
  return results;
}

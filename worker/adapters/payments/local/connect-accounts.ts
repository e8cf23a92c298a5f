import { and, eq, ne } from "drizzle-orm";
import { connectedAccounts } from "../../../../schema/tables/payments";
import { type ConnectedAccount, type PaymentsPort } from "../port";
import { signWebhookPayload } from "../signature";
import {
  LOCAL_ACCOUNT_URL,
  LOCAL_ONBOARDING_URL,
  LOCAL_ONBOARDING_REQUIREMENTS,
  type LocalPaymentsOptions,
  localId,
  missing,
} from "./shared";

/**
 * Connect accounts of the embedded payments adapter: a pro's Express account, its local onboarding page and
 * the account events the webhook handler reads.
 */
export function localConnectAccounts(
  opts: LocalPaymentsOptions,
): Pick<
  PaymentsPort,
  | "createConnectedAccount"
  | "retrieveConnectedAccount"
  | "localAccountEvent"
  | "completeLocalOnboarding"
  | "createLoginLink"
  | "deleteConnectedAccount"
> {
  const { db, now } = opts;

  return {
    async createConnectedAccount(input) {
      const out = (row: typeof connectedAccounts.$inferSelect): ConnectedAccount => ({
        id: row.account_id,
        link_url: row.details_submitted ? LOCAL_ACCOUNT_URL : `${LOCAL_ONBOARDING_URL}?account=${row.account_id}`,
        payouts_enabled: row.payouts_enabled,
      });
      const [existing] = await db
        .select()
        .from(connectedAccounts)
        .where(eq(connectedAccounts.vendor_id, input.vendor_id));
      if (existing && existing.status !== "deleted" && existing.provider === "local") return out(existing);
      // Like a new Express account: pending until the vendor submits the (local) onboarding page.
      const fresh = {
        provider: "local" as const,
        account_id: localId("acct_local", 16),
        status: "pending" as const,
        payouts_enabled: false,
        details_submitted: false,
        updated_at: now,
      };
      if (existing) {
        const [replaced] = await db
          .update(connectedAccounts)
          .set(fresh)
          .where(
            and(
              eq(connectedAccounts.vendor_id, input.vendor_id),
              eq(connectedAccounts.account_id, existing.account_id),
            ),
          )
          .returning();
        if (replaced) return out(replaced);
      } else {
        const [inserted] = await db
          .insert(connectedAccounts)
          .values({ vendor_id: input.vendor_id, created_at: now, ...fresh })
          .onConflictDoNothing({ target: connectedAccounts.vendor_id })
          .returning();
        if (inserted) return out(inserted);
      }
      const [winner] = await db
        .select()
        .from(connectedAccounts)
        .where(eq(connectedAccounts.vendor_id, input.vendor_id));
      return out(winner!);
    },

    async retrieveConnectedAccount(vendorId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.vendor_id, vendorId));
      if (!row || row.status === "deleted") return null;
      return {
        id: row.account_id,
        status: row.status,
        payouts_enabled: row.payouts_enabled,
        details_submitted: row.details_submitted,
      };
    },

    async localAccountEvent(accountId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.account_id, accountId));
      if (!row || row.provider !== "local") throw missing("account", accountId);
      const submitted = row.details_submitted;
      const event = {
        // One id per state change: the same state announced twice is the same event (applied once).
        id: `evt_local_${row.account_id}_${row.updated_at}_${row.status}`,
        object: "event",
        type: "account.updated",
        created: Math.floor(row.updated_at / 1000),
        data: {
          object: {
            id: row.account_id,
            object: "account",
            type: "express",
            charges_enabled: row.status !== "deleted" && submitted,
            payouts_enabled: row.status !== "deleted" && row.payouts_enabled,
            details_submitted: submitted,
            requirements: {
              currently_due: submitted ? [] : LOCAL_ONBOARDING_REQUIREMENTS,
              past_due: [],
              disabled_reason: submitted ? null : "requirements.past_due",
            },
          },
        },
      };
      const payload = JSON.stringify(event);
      return { payload, signature: await signWebhookPayload(payload, opts.webhookSecret, Math.floor(now / 1000)) };
    },

    async completeLocalOnboarding(accountId) {
      const [row] = await db
        .update(connectedAccounts)
        .set({ status: "active", payouts_enabled: true, details_submitted: true, updated_at: now })
        .where(
          and(
            eq(connectedAccounts.account_id, accountId),
            eq(connectedAccounts.provider, "local"),
            ne(connectedAccounts.status, "deleted"),
          ),
        )
        .returning();
      if (!row || row.status === "deleted") throw missing("account", accountId);
      return { id: row.account_id, status: row.status, payouts_enabled: true, details_submitted: true };
    },

    async createLoginLink(accountId) {
      const [row] = await db.select().from(connectedAccounts).where(eq(connectedAccounts.account_id, accountId));
      if (!row || row.status === "deleted") throw missing("account", accountId);
      return LOCAL_ACCOUNT_URL;
    },

    async deleteConnectedAccount(accountId) {
      const done = await db
        .update(connectedAccounts)
        .set({ status: "deleted", payouts_enabled: false, updated_at: now })
        .where(eq(connectedAccounts.account_id, accountId))
        .returning({ id: connectedAccounts.account_id });
      if (done.length === 0) throw missing("account", accountId);
    },
  };
}

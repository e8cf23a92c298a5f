import { and, eq } from "drizzle-orm";
import { connectedAccounts, localTransfers } from "../../../../schema/tables/payments";
import { PaymentsError, type PaymentsPort, type Transfer } from "../port";
import { type LocalPaymentsOptions, localId, keyReused } from "./shared";

/**
 * Transfers of the embedded payments adapter: money to a pro's connected account, once per key.
 */
export function localTransferApi(opts: LocalPaymentsOptions): Pick<PaymentsPort, "createTransfer"> {
  const { db, now } = opts;

  return {
    async createTransfer(input) {
      if (!Number.isSafeInteger(input.amount_cents) || input.amount_cents <= 0) {
        throw new PaymentsError("parameter_invalid", "The transfer amount must be a positive integer of cents.");
      }
      const toTransfer = (r: typeof localTransfers.$inferSelect): Transfer => ({
        id: r.id,
        account_id: r.account_id,
        amount_cents: r.amount_cents,
      });
      const check = (r: typeof localTransfers.$inferSelect): Transfer => {
        if (r.account_id !== input.account_id || r.amount_cents !== input.amount_cents) throw keyReused();
        return toTransfer(r);
      };
      const [earlier] = await db
        .select()
        .from(localTransfers)
        .where(eq(localTransfers.idempotency_key, input.idempotency_key));
      if (earlier) return check(earlier);
      const [account] = await db
        .select()
        .from(connectedAccounts)
        .where(and(eq(connectedAccounts.account_id, input.account_id), eq(connectedAccounts.provider, "local")));
      if (!account || account.status === "deleted" || !account.payouts_enabled) {
        throw new PaymentsError("account_invalid", `No such destination: '${input.account_id}'`, { http_status: 400 });
      }
      const [inserted] = await db
        .insert(localTransfers)
        .values({
          id: localId("tr_local"),
          account_id: input.account_id,
          amount_cents: input.amount_cents,
          description: input.description,
          idempotency_key: input.idempotency_key,
          created_at: now,
        })
        .onConflictDoNothing({ target: localTransfers.idempotency_key })
        .returning();
      if (inserted) return toTransfer(inserted);
      const [winner] = await db
        .select()
        .from(localTransfers)
        .where(eq(localTransfers.idempotency_key, input.idempotency_key));
      return check(winner!);
    },
  };
}

import type { PaymentsPort } from "./port";
import { localCards } from "./local/cards";
import { localCharges } from "./local/charges";
import { localConnectAccounts } from "./local/connect-accounts";
import { localDisputesApi } from "./local/disputes";
import { localRefunds } from "./local/refunds";
import type { LocalPaymentsOptions } from "./local/shared";
import { localStore } from "./local/store";
import { localSubscriptionsApi } from "./local/subscriptions";
import { localTransferApi } from "./local/transfers";
import { localWebhooks } from "./local/webhooks";

export { addOneMonth, localId, type LocalPaymentsOptions } from "./local/shared";

/**
 * The embedded payments adapter (docs/decisions/031-payments.md): Stripe's card state machine kept in D1, so
 * `npm run dev` and the tests take payments with no network and no keys.
 *
 * - Intents: requires_payment_method → (confirm) succeeded | requires_action | requires_payment_method with
 *   last_error; requires_action → (completeAuthentication) succeeded | requires_payment_method; cancel from any
 *   unfinished state. Transitions are conditional updates, so two racing confirms cannot both apply.
 * - Idempotency: the key is a unique column of the row it creates (payment_intents, refunds,
 *   local_subscriptions, local_transfers); creation is one INSERT ... ON CONFLICT DO NOTHING, and a request that
 *   loses reads the winner's row, so a repeat (even a concurrent one) answers the first result. A repeat with
 *   other parameters is refused like Stripe does (idempotency_key_in_use).
 * - Cards: only brand, last4, expiry, a keyed fingerprint and the test-card outcome are kept.
 */
export function localPayments(opts: LocalPaymentsOptions): PaymentsPort {
  const store = localStore(opts);
  const charges = localCharges(opts, store);
  return {
    provider: "local",
    ...localCards(opts, store),
    ...charges,
    ...localRefunds(opts, store),
    ...localSubscriptionsApi(opts, store, charges),
    ...localConnectAccounts(opts),
    ...localTransferApi(opts),
    ...localWebhooks(opts),
    ...localDisputesApi(opts),
  };
}

-- Issue 11, second part: the payout account's full state from account.updated, guest customers for client
-- subscriptions (a client has no account), the subscription's customer, and paying for redemption products.

-- The payout account as the provider last reported it (account.updated); state_at is the reporting event's
-- time (ms), so an older event delivered late does not overwrite a newer state.
ALTER TABLE connected_accounts ADD COLUMN charges_enabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE connected_accounts ADD COLUMN requirements_due TEXT;
ALTER TABLE connected_accounts ADD COLUMN disabled_reason TEXT;
ALTER TABLE connected_accounts ADD COLUMN state_at INTEGER;

-- The local adapter's customers that are not users (a pro's recurring client): found again by ref.
CREATE TABLE local_customers (
  id TEXT PRIMARY KEY NOT NULL,
  ref TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  phone TEXT,
  email TEXT,
  default_payment_method_id TEXT,
  created_at INTEGER NOT NULL
);
-- A local card attached to such a customer (cards of users are attached through payment_methods).
ALTER TABLE local_payment_methods ADD COLUMN customer_id TEXT;

-- The provider customer a client subscription's card is saved on (charged off-session).
ALTER TABLE client_subscriptions ADD COLUMN customer_id TEXT;

-- A redemption is paid by the visit's customer: status 'requested' until paid (card charged, or the texted
-- payment link paid), then 'fulfilled' with the pro's share in their pay (docs/decisions/077).
ALTER TABLE redemptions ADD COLUMN payment_intent_id TEXT;
ALTER TABLE redemptions ADD COLUMN pay_link_id INTEGER REFERENCES pay_links(pay_link_id);

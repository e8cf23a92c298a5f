-- Issue 11: pay and payouts, the cron -> Queue pipeline, client subscriptions, redemption products.

-- A scheduled payout covers one pro and one weekly period (its start, epoch ms); instant payouts leave it NULL.
ALTER TABLE payouts ADD COLUMN period_start INTEGER;
CREATE UNIQUE INDEX payouts_vendor_period_uq ON payouts (vendor_id, period_start) WHERE period_start IS NOT NULL;

-- One row per queue item done (its key says what it is for, e.g. "csub:12:1764000000000:charge"): a message
-- delivered twice, or enqueued by two ticks, finds its row and changes nothing.
CREATE TABLE cron_items (
  key TEXT PRIMARY KEY NOT NULL,
  kind TEXT NOT NULL,
  outcome TEXT NOT NULL,
  detail TEXT,
  done_at INTEGER NOT NULL
);
CREATE INDEX cron_items_kind_idx ON cron_items (kind, done_at);

-- Client subscriptions: the charge of the current date, a declined charge, and the price-change request.
ALTER TABLE client_subscriptions ADD COLUMN last_intent_id TEXT;
ALTER TABLE client_subscriptions ADD COLUMN declined_at INTEGER;
ALTER TABLE client_subscriptions ADD COLUMN price_change_requested_at INTEGER;
ALTER TABLE client_subscriptions ADD COLUMN cancel_reason TEXT;
ALTER TABLE client_subscriptions ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'America/New_York';
ALTER TABLE client_subscriptions ADD COLUMN idempotency_key TEXT;
CREATE UNIQUE INDEX client_subs_idem_uq ON client_subscriptions (idempotency_key) WHERE idempotency_key IS NOT NULL;

-- Redemption products (tables from 0000): what a pro sells a client at a visit, redeemed once; the pro's
-- share goes to their pay (docs/decisions/073-redemption-products.md).
ALTER TABLE redemption_products ADD COLUMN vendor_share_bps INTEGER NOT NULL DEFAULT 2000;
ALTER TABLE redemptions ADD COLUMN client_name TEXT;
ALTER TABLE redemptions ADD COLUMN service_order_id INTEGER REFERENCES service_orders(service_order_id);
ALTER TABLE redemptions ADD COLUMN vendor_cents INTEGER NOT NULL DEFAULT 0;
INSERT INTO redemption_products (name, description, cost_cents, vendor_share_bps, enable, display_order, created_at)
SELECT 'Hydrating facial serum', 'Take-home serum, 30 ml', 3800, 2000, 1, 1, 0
WHERE NOT EXISTS (SELECT 1 FROM redemption_products);
INSERT INTO redemption_products (name, description, cost_cents, vendor_share_bps, enable, display_order, created_at)
SELECT 'Massage oil, lavender', 'Take-home bottle, 100 ml', 2400, 2000, 1, 2, 0
WHERE (SELECT count(*) FROM redemption_products) = 1;
INSERT INTO redemption_products (name, description, cost_cents, vendor_share_bps, enable, display_order, created_at)
SELECT 'Cuticle care kit', 'Oil, file and pusher', 1800, 2000, 1, 3, 0
WHERE (SELECT count(*) FROM redemption_products) = 2;

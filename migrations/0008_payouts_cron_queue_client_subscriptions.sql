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

-- Products a pro sells to a client at a visit, and each sale (redeemed once; the pro's share goes to their pay).
CREATE TABLE redemption_products (
  product_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  price_cents INTEGER NOT NULL,
  vendor_share_bps INTEGER NOT NULL,
  enable INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL
);
CREATE TABLE redemptions (
  redemption_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  vendor_id INTEGER NOT NULL REFERENCES vendors(vendor_id),
  product_id INTEGER NOT NULL REFERENCES redemption_products(product_id),
  service_order_id INTEGER REFERENCES service_orders(service_order_id),
  client_name TEXT NOT NULL,
  price_cents INTEGER NOT NULL,
  vendor_cents INTEGER NOT NULL,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
);
CREATE INDEX redemptions_vendor_idx ON redemptions (vendor_id, created_at);
INSERT INTO redemption_products (name, description, price_cents, vendor_share_bps, enable, created_at) VALUES
  ('Hydrating facial serum', 'Take-home serum, 30 ml', 3800, 2000, 1, 0),
  ('Massage oil, lavender', 'Take-home bottle, 100 ml', 2400, 2000, 1, 0),
  ('Cuticle care kit', 'Oil, file and pusher', 1800, 2000, 1, 0);

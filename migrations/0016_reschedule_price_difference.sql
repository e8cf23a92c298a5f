-- A customer's reschedule may also change the appointment's length (docs/decisions/067-reschedule-price-difference.md):
-- the request carries the new option, and the price difference is charged before the pro sees the request or
-- refunded when the pro accepts (a charged difference is refunded when the request does not go through).
ALTER TABLE reschedule_requests ADD COLUMN to_service_id INTEGER REFERENCES services(service_id);
ALTER TABLE reschedule_requests ADD COLUMN to_job_minutes INTEGER;

CREATE TABLE reschedule_payments (
  reschedule_id INTEGER PRIMARY KEY NOT NULL REFERENCES reschedule_requests(reschedule_id) ON DELETE CASCADE,
  service_order_id INTEGER NOT NULL REFERENCES service_orders(service_order_id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(user_id),
  old_service_id INTEGER NOT NULL REFERENCES services(service_id),
  old_job_minutes INTEGER NOT NULL,
  old_price_cents INTEGER NOT NULL,
  new_price_cents INTEGER NOT NULL,
  old_discount_cents INTEGER NOT NULL,
  new_discount_cents INTEGER NOT NULL,
  old_fee_cents INTEGER NOT NULL,
  new_fee_cents INTEGER NOT NULL,
  old_total_cents INTEGER NOT NULL,
  new_total_cents INTEGER NOT NULL,
  difference_cents INTEGER NOT NULL,
  new_payout_cents INTEGER NOT NULL,
  -- due: waits for the customer's payment; requires_action: the bank's check; paid; failed (declined);
  -- waived (below the card minimum); refund_on_accept: a lower price given back when the pro accepts.
  charge_status TEXT NOT NULL,
  payment_intent_id TEXT,
  -- none | pending | succeeded | failed: the refund of a lower price, or of a charged difference unused.
  refund_status TEXT NOT NULL DEFAULT 'none',
  refund_id TEXT,
  refund_cents INTEGER NOT NULL DEFAULT 0,
  credit_return_cents INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX reschedule_payments_so_idx ON reschedule_payments (service_order_id);
CREATE INDEX reschedule_payments_status_idx ON reschedule_payments (charge_status, refund_status);

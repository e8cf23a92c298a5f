-- Gift cards go to the recipient on the day the buyer chose (docs/decisions/124-page-promises.md): the buyer's
-- local date and zone, the instant it falls due (09:00 there), and when it was sent (claimed once by a
-- conditional update, so parallel cron ticks send it once).
ALTER TABLE gift_cards ADD COLUMN deliver_on TEXT;
ALTER TABLE gift_cards ADD COLUMN deliver_time_zone TEXT;
ALTER TABLE gift_cards ADD COLUMN deliver_at INTEGER;
ALTER TABLE gift_cards ADD COLUMN delivered_at INTEGER;
-- Cards bought before this migration were sent when they were paid for.
UPDATE gift_cards SET delivered_at = created_at WHERE status <> 'pending_payment';
CREATE INDEX gift_cards_delivery_due_idx ON gift_cards (deliver_at) WHERE delivered_at IS NULL AND status = 'active';

-- Added charges need the customer's consent beyond a small policy (docs/decisions/116-added-charge-consent.md).
-- consent: 'auto' for a charge taken from the saved card within the policy (the job's window and cap), 'customer'
-- for one the customer approves by paying its texted link (or declines). Refund rows keep the default.
ALTER TABLE job_adjustments ADD COLUMN consent TEXT NOT NULL DEFAULT 'auto';
-- The customer's dispute of an added charge, which staff see in the admin area.
ALTER TABLE job_adjustments ADD COLUMN disputed_at INTEGER;
ALTER TABLE job_adjustments ADD COLUMN dispute_reason TEXT;
-- The refund of an added charge (by staff, or with the job's cancellation): none -> pending -> succeeded | failed.
ALTER TABLE job_adjustments ADD COLUMN refund_status TEXT NOT NULL DEFAULT 'none';
ALTER TABLE job_adjustments ADD COLUMN refund_ref TEXT;
ALTER TABLE job_adjustments ADD COLUMN refund_reason TEXT;
ALTER TABLE job_adjustments ADD COLUMN refunded_at INTEGER;
CREATE INDEX job_adjustments_kind_created_idx ON job_adjustments (kind, created_at);

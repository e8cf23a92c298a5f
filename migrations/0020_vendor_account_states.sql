-- Account states mean what they say (docs/decisions/118-vendor-account-states.md).
-- Who deactivated a pro: 'pro' (they paused their own account and resume it themselves) or 'staff' (only staff
-- reactivate it; the pro may ask). Rows deactivated before this column are staff's when the audit log says so.
ALTER TABLE vendors ADD COLUMN deactivated_by TEXT CHECK (deactivated_by IN ('pro', 'staff'));
-- When a deactivated pro asked staff to reactivate them (cleared when staff decide), and what they wrote.
ALTER TABLE vendors ADD COLUMN reactivation_requested_at INTEGER;
ALTER TABLE vendors ADD COLUMN reactivation_note TEXT;
UPDATE vendors SET deactivated_by = CASE
    WHEN EXISTS (SELECT 1 FROM audit_log a WHERE a.target_type = 'vendor' AND a.target_id = CAST(vendors.vendor_id AS TEXT)
                   AND a.action = 'vendor.deactivate') THEN 'staff'
    ELSE 'pro' END
  WHERE status = 'deactivated';
CREATE INDEX vendors_reactivation_idx ON vendors (reactivation_requested_at) WHERE reactivation_requested_at IS NOT NULL;

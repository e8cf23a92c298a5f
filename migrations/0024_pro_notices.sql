-- Pros are told why staff restricted them from a service (docs/decisions/127-pros-told-of-staff-actions.md): the
-- reason staff wrote for the pro, shown beside the greyed checkbox of their services screen.
ALTER TABLE vendor_services ADD COLUMN restricted_reason TEXT;

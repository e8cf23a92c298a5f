-- A pro who cannot make a business request's time proposes another (docs/decisions/123): the latest proposal,
-- who made it and when. Staff accept it (the request moves to that time, assigned to that pro) or ignore it.
ALTER TABLE connect_requests ADD COLUMN proposed_starts_at INTEGER;
ALTER TABLE connect_requests ADD COLUMN proposed_vendor_id INTEGER REFERENCES vendors(vendor_id);
ALTER TABLE connect_requests ADD COLUMN proposed_at INTEGER;

-- issue 8: the vendor's secret iCalendar feed URL (docs/decisions/042-ical-feed.md). Only the SHA-256 of the
-- token is kept; regenerating replaces it, so the old URL stops working at once.
ALTER TABLE vendors ADD COLUMN calendar_feed_token_hash TEXT;
ALTER TABLE vendors ADD COLUMN calendar_feed_created_at INTEGER;
CREATE UNIQUE INDEX vendors_calendar_feed_uq ON vendors (calendar_feed_token_hash);

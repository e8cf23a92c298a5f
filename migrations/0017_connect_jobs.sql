-- Business (connect) requests become connect jobs on the pro's calendar and are paid through a pay link
-- (docs/decisions/087-connect-jobs-and-payment.md).
ALTER TABLE connect_requests ADD COLUMN sessions INTEGER;
ALTER TABLE connect_requests ADD COLUMN service_order_id INTEGER REFERENCES service_orders(service_order_id);
ALTER TABLE connect_requests ADD COLUMN scheduled_at INTEGER;
ALTER TABLE connect_requests ADD COLUMN price_cents INTEGER;
ALTER TABLE connect_requests ADD COLUMN pay_link_id INTEGER REFERENCES pay_links(pay_link_id);
CREATE UNIQUE INDEX connect_requests_so_uq ON connect_requests (service_order_id);
-- A request offered to several pros at once: the first to schedule it wins, the others lose it.
CREATE TABLE connect_request_offers (
  connect_request_id INTEGER NOT NULL REFERENCES connect_requests(connect_request_id),
  vendor_id INTEGER NOT NULL REFERENCES vendors(vendor_id),
  status TEXT NOT NULL DEFAULT 'offered',
  offered_at INTEGER NOT NULL,
  responded_at INTEGER,
  PRIMARY KEY (connect_request_id, vendor_id)
);
CREATE INDEX connect_request_offers_vendor_idx ON connect_request_offers (vendor_id, status);

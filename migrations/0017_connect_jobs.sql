-- Business (connect) requests become connect jobs on the pro's calendar and are paid through a pay link
-- (docs/decisions/087-connect-jobs-and-payment.md).
ALTER TABLE connect_requests ADD COLUMN sessions INTEGER;
ALTER TABLE connect_requests ADD COLUMN service_order_id INTEGER REFERENCES service_orders(service_order_id);
ALTER TABLE connect_requests ADD COLUMN scheduled_at INTEGER;
ALTER TABLE connect_requests ADD COLUMN price_cents INTEGER;
ALTER TABLE connect_requests ADD COLUMN pay_link_id INTEGER REFERENCES pay_links(pay_link_id);
CREATE UNIQUE INDEX connect_requests_so_uq ON connect_requests (service_order_id);

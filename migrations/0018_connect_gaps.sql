-- Business (connect) requests: offer rounds expire, unpaid invoices are reminded
-- (docs/decisions/113-connect-offer-rounds-expire.md, 114-connect-invoice-reminders.md).
-- When the current offer round ends (set when staff offer a request to several pros), and when one ended with
-- nobody taking it (the queue's "Nobody took the offer" flag, cleared when staff assign or offer it again).
ALTER TABLE connect_requests ADD COLUMN offer_expires_at INTEGER;
ALTER TABLE connect_requests ADD COLUMN offer_expired_at INTEGER;
CREATE INDEX connect_requests_offer_expiry_idx ON connect_requests (status, offer_expires_at);
-- Each message about an invoice link: n = 0 is the invoice itself (which ports reached the business), 1 and 2 the
-- reminders. The primary key makes a reminder go out at most once, whatever the number of cron ticks.
CREATE TABLE connect_invoice_messages (
  pay_link_id INTEGER NOT NULL REFERENCES pay_links(pay_link_id),
  n INTEGER NOT NULL,
  connect_request_id INTEGER NOT NULL REFERENCES connect_requests(connect_request_id),
  texted INTEGER,
  emailed INTEGER,
  sent_at INTEGER NOT NULL,
  PRIMARY KEY (pay_link_id, n)
);
CREATE INDEX connect_invoice_messages_request_idx ON connect_invoice_messages (connect_request_id, sent_at);

-- The customer's notes for the pro (docs/decisions/048-customer-notes.md): written at checkout on the order,
-- copied to each job when the order completes, like the address.
ALTER TABLE orders ADD COLUMN customer_notes TEXT;
ALTER TABLE service_orders ADD COLUMN customer_notes TEXT;

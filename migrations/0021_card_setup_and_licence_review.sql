-- A card is saved only once the processor confirms it (docs/decisions/120-cards-confirmed-before-saved.md), and a
-- licence is reviewed by staff before it unlocks a licensed group (docs/decisions/121-licences-reviewed.md).

-- The local adapter's SetupIntents: a card checked with the issuer (a zero-amount check) before it is saved for
-- later; requires_action waits for the 3-D Secure step, like Stripe's.
CREATE TABLE local_setup_intents (
  id TEXT PRIMARY KEY NOT NULL,
  customer_id TEXT NOT NULL,
  payment_method_id TEXT NOT NULL,
  status TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  last_error TEXT,
  metadata TEXT,
  idempotency_key TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- A renewal waiting for staff while the current licence still holds: the current one keeps the group's services
-- on until staff decide; approving moves the renewal into the licence, rejecting drops it with the comment.
ALTER TABLE vendor_licenses ADD COLUMN renewal_upload_id INTEGER REFERENCES uploads(upload_id);
ALTER TABLE vendor_licenses ADD COLUMN renewal_expires_at INTEGER;
ALTER TABLE vendor_licenses ADD COLUMN renewal_submitted_at INTEGER;
ALTER TABLE vendor_licenses ADD COLUMN reviewed_by_user_id INTEGER REFERENCES users(user_id);
ALTER TABLE vendor_licenses ADD COLUMN reviewed_at INTEGER;
-- The staff queue: licences and renewals waiting, oldest first.
CREATE INDEX vendor_licenses_review_idx ON vendor_licenses (status, updated_at);

-- One licence per licensed group of an application: JSON {"<group id>": <upload id>} (and the expiry per group).
ALTER TABLE vendor_applications ADD COLUMN licenses TEXT;

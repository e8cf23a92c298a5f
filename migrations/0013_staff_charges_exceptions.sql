-- Staff charges (issue 13, docs/decisions/097-staff-charges.md): a customer charged by staff for one of their
-- jobs (a reason, an amount within limits, the saved card or a texted payment link), and the fee of a job
-- staff suspended (docs/decisions/098-staff-job-reschedule-suspend.md). One row a charge; the idempotency key
-- is derived from the staff action, so repeated or parallel identical requests make one charge.
CREATE TABLE `staff_charges` (
	`staff_charge_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`user_id`),
	`service_order_id` integer NOT NULL REFERENCES `service_orders`(`service_order_id`),
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`idempotency_key` text NOT NULL,
	`payment_intent_id` text,
	`pay_link_id` integer,
	`failure` text,
	`created_by_user_id` integer NOT NULL REFERENCES `users`(`user_id`),
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `staff_charges_key_uq` ON `staff_charges` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `staff_charges_user_idx` ON `staff_charges` (`user_id`, `created_at`);--> statement-breakpoint
-- Exceptions (docs/decisions/099-exceptions.md): a pro asks staff to lift the reliability penalty of a job
-- they gave back (an emergency, a service they could not provide); staff approve (the points come back) or
-- deny. One request an incident.
CREATE TABLE `vendor_exceptions` (
	`exception_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL REFERENCES `vendors`(`vendor_id`),
	`incident_id` integer NOT NULL REFERENCES `job_incidents`(`incident_id`),
	`penalty` integer NOT NULL,
	`explanation` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`decided_by_user_id` integer REFERENCES `users`(`user_id`),
	`decision_note` text,
	`decided_at` integer,
	`created_at` integer NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_exceptions_incident_uq` ON `vendor_exceptions` (`incident_id`);--> statement-breakpoint
CREATE INDEX `vendor_exceptions_status_idx` ON `vendor_exceptions` (`status`, `created_at`);

-- Issue 10: the job after acceptance (docs/decisions/060-069).
-- Job pictures remember their job and their perceptual hash (duplicate check, SPEC section 5).
ALTER TABLE `uploads` ADD COLUMN `service_order_id` integer REFERENCES `service_orders`(`service_order_id`);
--> statement-breakpoint
ALTER TABLE `uploads` ADD COLUMN `image_hash` text;
--> statement-breakpoint
CREATE INDEX `uploads_owner_hash_idx` ON `uploads` (`owner_user_id`, `created_at`) WHERE `image_hash` IS NOT NULL;
--> statement-breakpoint
CREATE INDEX `uploads_so_idx` ON `uploads` (`service_order_id`);
--> statement-breakpoint
-- The checklist the pro ticked when completing (JSON {items, claim}).
ALTER TABLE `service_orders` ADD COLUMN `completion_checklist` text;
--> statement-breakpoint
-- Money a pro moves on one of their jobs: a refund to the customer or an added charge. The row is the claim:
-- written first with a condition (state, amount left), then the provider call with a key derived from it.
CREATE TABLE `job_adjustments` (
	`adjustment_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_order_id` integer NOT NULL,
	`vendor_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`status` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`payment_intent_id` text,
	`provider_ref` text,
	`pay_link_id` integer,
	`failure` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_adjustments_key_uq` ON `job_adjustments` (`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `job_adjustments_so_idx` ON `job_adjustments` (`service_order_id`, `kind`);
--> statement-breakpoint
-- What happened on the day or to the plan: customer unreachable (with its video), emergency reschedule,
-- cannot provide, a contact-info request. One unreachable / release per job.
CREATE TABLE `job_incidents` (
	`incident_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_order_id` integer NOT NULL,
	`vendor_id` integer NOT NULL,
	`kind` text NOT NULL,
	`note` text,
	`video_key` text,
	`video_duration_ms` integer,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`penalty` integer DEFAULT 0 NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_incidents_key_uq` ON `job_incidents` (`idempotency_key`);
--> statement-breakpoint
CREATE INDEX `job_incidents_so_idx` ON `job_incidents` (`service_order_id`, `kind`);

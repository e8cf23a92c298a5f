CREATE TABLE `disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`payment_intent_id` text NOT NULL,
	`charge_id` text,
	`service_order_id` integer,
	`user_id` integer,
	`vendor_id` integer,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`due_by` integer,
	`funds_withdrawn` integer DEFAULT false NOT NULL,
	`evidence_submitted_at` integer,
	`event_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `disputes_status_idx` ON `disputes` (`status`,`due_by`);--> statement-breakpoint
CREATE INDEX `disputes_pi_idx` ON `disputes` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `disputes_vendor_idx` ON `disputes` (`vendor_id`);--> statement-breakpoint
CREATE TABLE `local_disputes` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`status` text NOT NULL,
	`reason` text NOT NULL,
	`due_by` integer NOT NULL,
	`evidence` text,
	`evidence_submitted_at` integer,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_disputes_payment_intent_id_unique` ON `local_disputes` (`payment_intent_id`);
CREATE TABLE `order_cancellations` (
	`service_order_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`window` text NOT NULL,
	`policy_reason` text NOT NULL,
	`fee_cents` integer NOT NULL,
	`refund_cents` integer NOT NULL,
	`credit_return_cents` integer NOT NULL,
	`payment_intent_id` text,
	`refund_status` text NOT NULL,
	`refund_id` text,
	`claim` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `order_cancellations_refund_idx` ON `order_cancellations` (`refund_status`);--> statement-breakpoint
CREATE TABLE `pay_links` (
	`pay_link_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`kind` text NOT NULL,
	`service_order_id` integer NOT NULL,
	`vendor_id` integer NOT NULL,
	`amount_cents` integer DEFAULT 0 NOT NULL,
	`description` text NOT NULL,
	`created_by_user_id` integer,
	`status` text DEFAULT 'open' NOT NULL,
	`expires_at` integer NOT NULL,
	`payment_intent_id` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`created_by_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_links_token_hash_unique` ON `pay_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `pay_links_so_idx` ON `pay_links` (`service_order_id`,`status`);--> statement-breakpoint
ALTER TABLE `reschedule_requests` ADD `hold_id` text;--> statement-breakpoint
ALTER TABLE `reschedule_requests` ADD `expires_at` integer;
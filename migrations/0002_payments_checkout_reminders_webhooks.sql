CREATE TABLE `checkout_items` (
	`checkout_item_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`position` integer NOT NULL,
	`cartitemid` integer NOT NULL,
	`service_id` integer NOT NULL,
	`chosen_vendor_id` integer,
	`hint_v` integer,
	`hold_id` text NOT NULL,
	`hold_vendor_id` integer NOT NULL,
	`start_at` integer NOT NULL,
	`job_minutes` integer NOT NULL,
	`is_connect` integer DEFAULT false NOT NULL,
	`is_subscription` integer DEFAULT false NOT NULL,
	`price_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`time_zone` text NOT NULL,
	`service_order_id` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`order_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`chosen_vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_items_order_pos_uq` ON `checkout_items` (`order_id`,`position`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_items_so_uq` ON `checkout_items` (`service_order_id`);--> statement-breakpoint
CREATE TABLE `sms_reminders` (
	`reminder_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`phone` text NOT NULL,
	`service_id` integer NOT NULL,
	`remind_at` integer NOT NULL,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`claimed_at` integer,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sms_reminders_uq` ON `sms_reminders` (`phone`,`service_id`,`remind_at`);--> statement-breakpoint
CREATE INDEX `sms_reminders_due_idx` ON `sms_reminders` (`status`,`remind_at`);--> statement-breakpoint
CREATE TABLE `local_payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`fingerprint` text NOT NULL,
	`outcome` text NOT NULL,
	`decline_code` text,
	`error_code` text,
	`set_up_off_session` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `local_subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` text NOT NULL,
	`payment_method_id` text NOT NULL,
	`price_cents` integer NOT NULL,
	`status` text NOT NULL,
	`current_period_end` integer NOT NULL,
	`latest_intent_id` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`canceled_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_subscriptions_idempotency_key_unique` ON `local_subscriptions` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `local_transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `local_transfers_idempotency_key_unique` ON `local_transfers` (`idempotency_key`);--> statement-breakpoint
CREATE TABLE `payment_requests` (
	`payment_request_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`service_order_id` integer,
	`client_name` text,
	`client_phone` text NOT NULL,
	`client_user_id` integer,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`token_hash` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`expires_at` integer NOT NULL,
	`payment_intent_id` text,
	`paid_at` integer,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_requests_token_hash_unique` ON `payment_requests` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_requests_idempotency_key_unique` ON `payment_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payment_requests_vendor_idx` ON `payment_requests` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_requests_pi_idx` ON `payment_requests` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `completion_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `failure_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `confirmed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `orders_completion_key_uq` ON `orders` (`user_id`,`completion_key`);--> statement-breakpoint
CREATE INDEX `orders_payment_intent_idx` ON `orders` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `gift_cards` ADD `purchase_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `gift_cards_purchase_key_uq` ON `gift_cards` (`purchase_key`);--> statement-breakpoint
CREATE INDEX `gift_cards_payment_intent_idx` ON `gift_cards` (`payment_intent_id`);--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `customer_id` text;--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `description` text;--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `save_payment_method` integer DEFAULT false NOT NULL;
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
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`type` text NOT NULL,
	`received_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `customer_id` text;--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `description` text;--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `metadata` text;--> statement-breakpoint
ALTER TABLE `payment_intents` ADD `save_payment_method` integer DEFAULT false NOT NULL;
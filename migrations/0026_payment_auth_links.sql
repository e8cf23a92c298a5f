CREATE TABLE `payment_auth_links` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`payment_intent_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`payment_method_id` text NOT NULL,
	`purpose` text NOT NULL,
	`ref` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`description` text NOT NULL,
	`phone` text NOT NULL,
	`expires_at` integer NOT NULL,
	`completed_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_auth_links_payment_intent_id_unique` ON `payment_auth_links` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `payment_auth_links_ref_idx` ON `payment_auth_links` (`purpose`,`ref`);
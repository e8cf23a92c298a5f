CREATE TABLE `favourite_pros` (
	`user_id` integer NOT NULL,
	`vendor_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `vendor_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `favourite_pros_vendor_idx` ON `favourite_pros` (`vendor_id`);--> statement-breakpoint
CREATE TABLE `visit_calendars` (
	`service_order_id` integer PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`starts_at` integer NOT NULL,
	`minutes` integer NOT NULL,
	`cancelled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visit_calendars_token_unique` ON `visit_calendars` (`token`);
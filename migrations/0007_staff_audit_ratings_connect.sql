-- Staff area (issue 13): the audit trail's before/after values and the per-action key that ties an action's
-- statements to its one audit row; held ratings staff rejected; business (connect) requests and their
-- assignment to a pro.
ALTER TABLE `audit_log` ADD COLUMN `op_key` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD COLUMN `reason` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD COLUMN `before_value` text;--> statement-breakpoint
ALTER TABLE `audit_log` ADD COLUMN `after_value` text;--> statement-breakpoint
CREATE UNIQUE INDEX `audit_log_op_uq` ON `audit_log` (`op_key`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`, `created_at`);--> statement-breakpoint
ALTER TABLE `service_orders` ADD COLUMN `rating_rejected_at` integer;--> statement-breakpoint
CREATE TABLE `connect_requests` (
	`connect_request_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`business_name` text NOT NULL,
	`contact_name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`address` text NOT NULL,
	`zipcode` text NOT NULL,
	`starts_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`people` integer NOT NULL,
	`service_id` integer NOT NULL REFERENCES `services`(`service_id`),
	`notes` text,
	`status` text DEFAULT 'new' NOT NULL,
	`vendor_id` integer REFERENCES `vendors`(`vendor_id`),
	`requested_by_user_id` integer REFERENCES `users`(`user_id`),
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `connect_requests_status_idx` ON `connect_requests` (`status`, `starts_at`);--> statement-breakpoint
CREATE INDEX `connect_requests_vendor_idx` ON `connect_requests` (`vendor_id`, `starts_at`);

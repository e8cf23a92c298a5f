-- Becoming a pro and running a profile (issue 12): application extras, licences per service group,
-- agreement version, per-service options and messages, service requests.
ALTER TABLE `vendor_applications` ADD COLUMN `radius_miles` integer;
--> statement-breakpoint
ALTER TABLE `vendor_applications` ADD COLUMN `photo_upload_id` integer REFERENCES `uploads`(`upload_id`);
--> statement-breakpoint
ALTER TABLE `vendor_applications` ADD COLUMN `license_expires_at` integer;
--> statement-breakpoint
ALTER TABLE `vendor_applications` ADD COLUMN `agreement_accepted_at` integer;
--> statement-breakpoint
ALTER TABLE `vendors` ADD COLUMN `agreement_version` text;
--> statement-breakpoint
ALTER TABLE `vendors` ADD COLUMN `social_links` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
ALTER TABLE `vendor_services` ADD COLUMN `options` text DEFAULT '[]' NOT NULL;
--> statement-breakpoint
ALTER TABLE `vendor_services` ADD COLUMN `message` text;
--> statement-breakpoint
ALTER TABLE `service_code_groups` ADD COLUMN `license_required` integer DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE `vendor_licenses` (
	`vendor_id` integer NOT NULL,
	`service_code_group_id` integer NOT NULL,
	`upload_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`review_note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`vendor_id`, `service_code_group_id`),
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_code_group_id`) REFERENCES `service_code_groups`(`service_code_group_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`upload_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `vendor_service_requests` (
	`request_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`service_code_group_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_code_group_id`) REFERENCES `service_code_groups`(`service_code_group_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_service_requests_pending_uq` ON `vendor_service_requests` (`vendor_id`,`service_code_group_id`) WHERE `status` = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_applications_open_uq` ON `vendor_applications` (`user_id`) WHERE `status` IN ('submitted', 'silently_rejected');

ALTER TABLE `vendor_busy` ADD `is_connect` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `vendors` ADD `completed_jobs` integer DEFAULT 0 NOT NULL;
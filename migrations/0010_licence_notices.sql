-- Issue 12: a pro is told when a licence is about to expire and when its lapse switched services off
-- (docs/decisions/085-licence-notices-and-photo-check.md). A notice's dedupe_key names the event it reports,
-- so the cron writes each notice once however often it runs; texted_at claims its text message.
ALTER TABLE `notifications` ADD COLUMN `dedupe_key` text;
--> statement-breakpoint
ALTER TABLE `notifications` ADD COLUMN `texted_at` integer;
--> statement-breakpoint
CREATE UNIQUE INDEX `notifications_vendor_key_uq` ON `notifications` (`vendor_id`, `dedupe_key`);

CREATE TABLE `one_time_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer
);
--> statement-breakpoint
CREATE INDEX `otc_phone_idx` ON `one_time_codes` (`phone`,`purpose`,`created_at`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text DEFAULT 'sms' NOT NULL,
	`to` text NOT NULL,
	`body` text NOT NULL,
	`status` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`error` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_to_idx` ON `outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`user_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`google_sub` text,
	`photo` text,
	`vendor_id` integer,
	`security_groups` text DEFAULT '' NOT NULL,
	`rating_weight` integer DEFAULT 1 NOT NULL,
	`credit_balance_cents` integer DEFAULT 0 NOT NULL,
	`immediate_credit_amt_cents` integer DEFAULT 0 NOT NULL,
	`address` text,
	`zipcode` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`referral_code` text NOT NULL,
	`referred_by_user_id` integer,
	`failed_login_count` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_uq` ON `users` (`phone`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_referral_code_uq` ON `users` (`referral_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_uq` ON `users` (`google_sub`);--> statement-breakpoint
CREATE INDEX `users_vendor_idx` ON `users` (`vendor_id`);--> statement-breakpoint
CREATE TABLE `custom_services` (
	`custom_service_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_code_group_id` integer NOT NULL,
	`area_id` integer,
	`custom_sc` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`duration_minutes` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`enable` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_code_group_id`) REFERENCES `service_code_groups`(`service_code_group_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`area_id`) REFERENCES `price_areas`(`area_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_services_custom_sc_unique` ON `custom_services` (`custom_sc`);--> statement-breakpoint
CREATE INDEX `custom_services_group_idx` ON `custom_services` (`service_code_group_id`,`area_id`);--> statement-breakpoint
CREATE TABLE `price_areas` (
	`area_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`center_zip` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`radius_miles` integer DEFAULT 30 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `price_areas_slug_unique` ON `price_areas` (`slug`);--> statement-breakpoint
CREATE TABLE `service_code_groups` (
	`service_code_group_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`slug` text NOT NULL,
	`description` text,
	`display_order` integer DEFAULT 0 NOT NULL,
	`service_shortcuts` text,
	`is_hidden` integer DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_code_groups_slug_unique` ON `service_code_groups` (`slug`);--> statement-breakpoint
CREATE INDEX `scg_display_order_idx` ON `service_code_groups` (`display_order`);--> statement-breakpoint
CREATE TABLE `service_prices` (
	`service_id` integer NOT NULL,
	`area_id` integer NOT NULL,
	`price_cents` integer NOT NULL,
	PRIMARY KEY(`service_id`, `area_id`),
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`area_id`) REFERENCES `price_areas`(`area_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `service_prices_area_idx` ON `service_prices` (`area_id`);--> statement-breakpoint
CREATE TABLE `services` (
	`service_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_code` text NOT NULL,
	`slug` text NOT NULL,
	`description` text NOT NULL,
	`long_description` text,
	`service_code_group_id` integer NOT NULL,
	`order_rank` integer DEFAULT 0 NOT NULL,
	`is_popular` integer DEFAULT false NOT NULL,
	`enable` integer DEFAULT true NOT NULL,
	`surcharge` integer DEFAULT false NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`duration_minutes` integer NOT NULL,
	`base_price_cents` integer NOT NULL,
	`type` integer DEFAULT 1 NOT NULL,
	`f3` text,
	`image` text,
	FOREIGN KEY (`service_code_group_id`) REFERENCES `service_code_groups`(`service_code_group_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `services_service_code_unique` ON `services` (`service_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `services_slug_unique` ON `services` (`slug`);--> statement-breakpoint
CREATE INDEX `services_group_rank_idx` ON `services` (`service_code_group_id`,`order_rank`);--> statement-breakpoint
CREATE INDEX `services_popular_idx` ON `services` (`is_popular`,`order_rank`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_user_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`details` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`actor_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_type`,`target_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `redemption_products` (
	`product_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`image` text,
	`cost_cents` integer NOT NULL,
	`enable` integer DEFAULT true NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `redemptions` (
	`redemption_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	`cost_cents` integer NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`fulfilled_at` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`product_id`) REFERENCES `redemption_products`(`product_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `redemptions_idempotency_key_unique` ON `redemptions` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `redemptions_vendor_idx` ON `redemptions` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by_user_id` integer,
	FOREIGN KEY (`updated_by_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`upload_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_user_id` integer,
	`key` text NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`sha256` text NOT NULL,
	`width` integer,
	`height` integer,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_key_unique` ON `uploads` (`key`);--> statement-breakpoint
CREATE INDEX `uploads_owner_idx` ON `uploads` (`owner_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_owner_sha_idx` ON `uploads` (`owner_user_id`,`sha256`);--> statement-breakpoint
CREATE TABLE `cart_items` (
	`cartitemid` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cart_id` integer NOT NULL,
	`vendor_id` integer,
	`hint_v` integer,
	`service_code` text NOT NULL,
	`service_id` integer NOT NULL,
	`selected_date` integer,
	`total_duration` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`is_subscription` integer DEFAULT false NOT NULL,
	`is_connect_type` integer DEFAULT false NOT NULL,
	`schedule_bypass` integer DEFAULT false NOT NULL,
	`hold_id` text,
	`hold_expires_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`cart_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `cart_items_cart_idx` ON `cart_items` (`cart_id`);--> statement-breakpoint
CREATE INDEX `cart_items_vendor_date_idx` ON `cart_items` (`vendor_id`,`selected_date`);--> statement-breakpoint
CREATE INDEX `cart_items_hold_exp_idx` ON `cart_items` (`hold_expires_at`);--> statement-breakpoint
CREATE TABLE `carts` (
	`cart_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`visitor_token_hash` text,
	`zipcode` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_user_uq` ON `carts` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `carts_visitor_uq` ON `carts` (`visitor_token_hash`);--> statement-breakpoint
CREATE TABLE `job_offers` (
	`job_offer_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_order_id` integer NOT NULL,
	`vendor_id` integer NOT NULL,
	`status` text DEFAULT 'offered' NOT NULL,
	`offered_at` integer NOT NULL,
	`expires_at` integer,
	`responded_at` integer,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_offers_so_vendor_uq` ON `job_offers` (`service_order_id`,`vendor_id`);--> statement-breakpoint
CREATE INDEX `job_offers_vendor_status_idx` ON `job_offers` (`vendor_id`,`status`,`offered_at`);--> statement-breakpoint
CREATE INDEX `job_offers_status_exp_idx` ON `job_offers` (`status`,`expires_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`order_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`credit_applied_cents` integer DEFAULT 0 NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`tax_cents` integer DEFAULT 0 NOT NULL,
	`total_cents` integer NOT NULL,
	`email` text,
	`phone` text,
	`address` text NOT NULL,
	`zipcode` text NOT NULL,
	`time_zone` text NOT NULL,
	`payment_intent_id` text,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `reschedule_requests` (
	`reschedule_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_order_id` integer NOT NULL,
	`requested_by` text NOT NULL,
	`requested_by_user_id` integer,
	`from_time` integer NOT NULL,
	`to_time` integer NOT NULL,
	`reason` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`fee_waived` integer DEFAULT false NOT NULL,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_by_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reschedule_requests_idempotency_key_unique` ON `reschedule_requests` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `reschedule_so_idx` ON `reschedule_requests` (`service_order_id`,`status`);--> statement-breakpoint
CREATE TABLE `service_orders` (
	`service_order_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`vendor_id` integer,
	`service_id` integer NOT NULL,
	`service_order_status_id` integer NOT NULL,
	`scheduled_status` integer DEFAULT 0 NOT NULL,
	`promised_arrival_time` integer NOT NULL,
	`job_minutes` integer NOT NULL,
	`is_connect` integer DEFAULT false NOT NULL,
	`address` text NOT NULL,
	`zipcode` text NOT NULL,
	`time_zone` text NOT NULL,
	`completion_time` integer,
	`cancelled_at` integer,
	`cancel_reason` text,
	`job_images` text DEFAULT '{"before":[],"after":[],"testimonial":[]}' NOT NULL,
	`vendor_rating` integer,
	`vendor_rating_notes` text,
	`rated_at` integer,
	`rating_approved` integer DEFAULT false NOT NULL,
	`price_cents` integer NOT NULL,
	`vendor_payout_cents` integer DEFAULT 0 NOT NULL,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`client_subscription_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_subscription_id`) REFERENCES `client_subscriptions`(`client_subscription_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `so_order_idx` ON `service_orders` (`order_id`);--> statement-breakpoint
CREATE INDEX `so_user_time_idx` ON `service_orders` (`user_id`,`promised_arrival_time`);--> statement-breakpoint
CREATE INDEX `so_vendor_time_idx` ON `service_orders` (`vendor_id`,`promised_arrival_time`);--> statement-breakpoint
CREATE INDEX `so_status_time_idx` ON `service_orders` (`service_order_status_id`,`promised_arrival_time`);--> statement-breakpoint
CREATE INDEX `so_vendor_completed_idx` ON `service_orders` (`vendor_id`,`completion_time`);--> statement-breakpoint
CREATE INDEX `so_service_completed_idx` ON `service_orders` (`service_id`,`completion_time`);--> statement-breakpoint
CREATE TABLE `testimonials` (
	`testimonial_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_order_id` integer,
	`service_id` integer,
	`service_code_group_id` integer,
	`vendor_id` integer,
	`name` text,
	`rating` integer,
	`comment` text,
	`display_order` integer DEFAULT 0 NOT NULL,
	`json_data` text DEFAULT '{}' NOT NULL,
	`job_images` text DEFAULT '{"before":[],"after":[],"testimonial":[]}' NOT NULL,
	`promised_arrival_time` integer,
	`published` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_code_group_id`) REFERENCES `service_code_groups`(`service_code_group_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `testimonials_service_idx` ON `testimonials` (`service_id`,`display_order`);--> statement-breakpoint
CREATE INDEX `testimonials_group_idx` ON `testimonials` (`service_code_group_id`,`display_order`);--> statement-breakpoint
CREATE TABLE `client_subscriptions` (
	`client_subscription_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`client_user_id` integer,
	`client_name` text NOT NULL,
	`client_phone` text NOT NULL,
	`client_email` text,
	`service_id` integer NOT NULL,
	`price_cents` integer NOT NULL,
	`pending_price_cents` integer,
	`interval_days` integer NOT NULL,
	`next_service_at` integer NOT NULL,
	`job_minutes` integer NOT NULL,
	`address` text NOT NULL,
	`zipcode` text NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`payment_method_id` text,
	`payment_link_token_hash` text,
	`payment_link_expires_at` integer,
	`last_charged_for` integer,
	`cancelled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`client_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `client_subscriptions_payment_link_token_hash_unique` ON `client_subscriptions` (`payment_link_token_hash`);--> statement-breakpoint
CREATE INDEX `client_subs_vendor_idx` ON `client_subscriptions` (`vendor_id`,`status`);--> statement-breakpoint
CREATE INDEX `client_subs_due_idx` ON `client_subscriptions` (`status`,`next_service_at`);--> statement-breakpoint
CREATE TABLE `connected_accounts` (
	`vendor_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`account_id` text NOT NULL,
	`status` text NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connected_accounts_account_id_unique` ON `connected_accounts` (`account_id`);--> statement-breakpoint
CREATE TABLE `credit_ledger` (
	`entry_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`delta_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`ref` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_ledger_reason_ref_uq` ON `credit_ledger` (`reason`,`ref`);--> statement-breakpoint
CREATE INDEX `credit_ledger_user_idx` ON `credit_ledger` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `gift_cards` (
	`gift_card_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`balance_cents` integer NOT NULL,
	`purchaser_user_id` integer,
	`recipient_name` text,
	`recipient_email` text,
	`recipient_phone` text,
	`message` text,
	`payment_intent_id` text,
	`status` text DEFAULT 'pending_payment' NOT NULL,
	`redeemed_by_user_id` integer,
	`redeemed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`purchaser_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_intent_id`) REFERENCES `payment_intents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`redeemed_by_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gift_cards_code_unique` ON `gift_cards` (`code`);--> statement-breakpoint
CREATE INDEX `gift_cards_purchaser_idx` ON `gift_cards` (`purchaser_user_id`);--> statement-breakpoint
CREATE TABLE `memberships` (
	`membership_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`status` text NOT NULL,
	`price_cents` integer NOT NULL,
	`started_at` integer NOT NULL,
	`current_period_end` integer,
	`cancelled_at` integer,
	`provider` text NOT NULL,
	`provider_ref` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_one_active_uq` ON `memberships` (`user_id`) WHERE status = 'active';--> statement-breakpoint
CREATE TABLE `payment_customers` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`provider_customer_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_customers_provider_customer_id_unique` ON `payment_customers` (`provider_customer_id`);--> statement-breakpoint
CREATE TABLE `payment_intents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer,
	`provider` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`status` text NOT NULL,
	`purpose` text NOT NULL,
	`ref` text NOT NULL,
	`payment_method_id` text,
	`idempotency_key` text NOT NULL,
	`client_secret` text NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_intents_idempotency_key_unique` ON `payment_intents` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payment_intents_user_idx` ON `payment_intents` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_intents_purpose_ref_idx` ON `payment_intents` (`purpose`,`ref`);--> statement-breakpoint
CREATE TABLE `payment_methods` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text NOT NULL,
	`brand` text NOT NULL,
	`last4` text NOT NULL,
	`exp_month` integer NOT NULL,
	`exp_year` integer NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`fingerprint` text,
	`created_at` integer NOT NULL,
	`detached_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_methods_user_idx` ON `payment_methods` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_methods_one_default_uq` ON `payment_methods` (`user_id`) WHERE is_default = 1 and detached_at is null;--> statement-breakpoint
CREATE TABLE `payouts` (
	`payout_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	`fee_cents` integer DEFAULT 0 NOT NULL,
	`kind` text DEFAULT 'standard' NOT NULL,
	`status` text NOT NULL,
	`idempotency_key` text NOT NULL,
	`transfer_ref` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_idempotency_key_unique` ON `payouts` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `payouts_vendor_idx` ON `payouts` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`refund_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_intent_id` text NOT NULL,
	`service_order_id` integer,
	`amount_cents` integer NOT NULL,
	`reason` text,
	`status` text NOT NULL,
	`provider_ref` text,
	`requested_by_user_id` integer,
	`idempotency_key` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_intent_id`) REFERENCES `payment_intents`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`requested_by_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_idempotency_key_unique` ON `refunds` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `refunds_pi_idx` ON `refunds` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `refunds_so_idx` ON `refunds` (`service_order_id`);--> statement-breakpoint
CREATE TABLE `tips` (
	`tip_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_order_id` integer NOT NULL,
	`user_id` integer,
	`vendor_id` integer,
	`amount_cents` integer NOT NULL,
	`source` text DEFAULT 'customer' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`payment_intent_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_intent_id`) REFERENCES `payment_intents`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `tips_so_idx` ON `tips` (`service_order_id`);--> statement-breakpoint
CREATE INDEX `tips_vendor_idx` ON `tips` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `vendor_earnings` (
	`earning_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`service_order_id` integer,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`ref` text NOT NULL,
	`payout_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payout_id`) REFERENCES `payouts`(`payout_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_earnings_ref_unique` ON `vendor_earnings` (`ref`);--> statement-breakpoint
CREATE INDEX `vendor_earnings_vendor_idx` ON `vendor_earnings` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `vendor_earnings_unpaid_idx` ON `vendor_earnings` (`vendor_id`,`payout_id`);--> statement-breakpoint
CREATE TABLE `zipcodes` (
	`zip` text PRIMARY KEY NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`state_name` text,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`time_zone` text NOT NULL,
	`area_id` integer,
	FOREIGN KEY (`area_id`) REFERENCES `price_areas`(`area_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `zipcodes_lat_idx` ON `zipcodes` (`latitude`);--> statement-breakpoint
CREATE INDEX `zipcodes_area_idx` ON `zipcodes` (`area_id`);--> statement-breakpoint
CREATE INDEX `zipcodes_state_city_idx` ON `zipcodes` (`state`,`city`);--> statement-breakpoint
CREATE TABLE `customer_vendor_exclusions` (
	`user_id` integer NOT NULL,
	`vendor_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `vendor_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cve_vendor_idx` ON `customer_vendor_exclusions` (`vendor_id`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`vendor_id` integer,
	`persistence` integer DEFAULT 0 NOT NULL,
	`severity` integer DEFAULT 0 NOT NULL,
	`message` text NOT NULL,
	`timestamp` integer NOT NULL,
	`dismissed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_vendor_idx` ON `notifications` (`vendor_id`,`timestamp`);--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`timestamp`);--> statement-breakpoint
CREATE TABLE `vendor_applications` (
	`application_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`phone` text NOT NULL,
	`email` text NOT NULL,
	`zipcode` text NOT NULL,
	`service_groups` text DEFAULT '[]' NOT NULL,
	`experience_years` integer,
	`about` text,
	`license_number` text,
	`license_state` text,
	`license_upload_id` integer,
	`status` text DEFAULT 'submitted' NOT NULL,
	`reviewed_by_user_id` integer,
	`reviewed_at` integer,
	`review_notes` text,
	`vendor_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`license_upload_id`) REFERENCES `uploads`(`upload_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by_user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `vendor_applications_status_idx` ON `vendor_applications` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `vendor_applications_phone_idx` ON `vendor_applications` (`phone`);--> statement-breakpoint
CREATE INDEX `vendor_applications_user_idx` ON `vendor_applications` (`user_id`);--> statement-breakpoint
CREATE TABLE `vendor_busy` (
	`busy_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`kind` text NOT NULL,
	`ref_id` text NOT NULL,
	`expires_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendor_busy_ref_uq` ON `vendor_busy` (`vendor_id`,`kind`,`ref_id`);--> statement-breakpoint
CREATE INDEX `vendor_busy_vendor_time_idx` ON `vendor_busy` (`vendor_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `vendor_busy_time_idx` ON `vendor_busy` (`starts_at`,`ends_at`);--> statement-breakpoint
CREATE TABLE `vendor_services` (
	`vendor_id` integer NOT NULL,
	`service_id` integer NOT NULL,
	`enabled` integer DEFAULT true NOT NULL,
	`price_override_cents` integer,
	`restricted_at` integer,
	PRIMARY KEY(`vendor_id`, `service_id`),
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`service_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vendor_services_service_idx` ON `vendor_services` (`service_id`,`enabled`);--> statement-breakpoint
CREATE TABLE `vendor_time_off` (
	`time_off_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vendor_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`reason` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `vendor_time_off_vendor_idx` ON `vendor_time_off` (`vendor_id`,`starts_at`);--> statement-breakpoint
CREATE TABLE `vendors` (
	`vendor_id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`display_name` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`soft_banned` integer DEFAULT false NOT NULL,
	`reliability` integer DEFAULT 50 NOT NULL,
	`tz` text NOT NULL,
	`description` text,
	`available_setting` text DEFAULT '{"weekly":{}}' NOT NULL,
	`base_zip` text,
	`range_miles` integer DEFAULT 15 NOT NULL,
	`latitude` real,
	`longitude` real,
	`is_pro` integer DEFAULT false NOT NULL,
	`rating_avg_x100` integer DEFAULT 0 NOT NULL,
	`rating_count` integer DEFAULT 0 NOT NULL,
	`photo` text,
	`agreement_signed_at` integer,
	`license_upload_id` integer,
	`license_expires_at` integer,
	`license_status` text DEFAULT 'none' NOT NULL,
	`photo_status` text DEFAULT 'approved' NOT NULL,
	`review_note` text,
	`payouts_paused` integer DEFAULT false NOT NULL,
	`instant_payout_enabled` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`user_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`license_upload_id`) REFERENCES `uploads`(`upload_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `vendors_user_uq` ON `vendors` (`user_id`);--> statement-breakpoint
CREATE INDEX `vendors_status_idx` ON `vendors` (`status`);--> statement-breakpoint
CREATE INDEX `vendors_base_zip_idx` ON `vendors` (`base_zip`);--> statement-breakpoint
CREATE INDEX `vendors_lat_idx` ON `vendors` (`latitude`);
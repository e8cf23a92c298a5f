CREATE TABLE `visit_progress` (
	`service_order_id` integer PRIMARY KEY NOT NULL,
	`vendor_id` integer NOT NULL,
	`on_the_way_at` integer,
	`arrived_at` integer,
	`started_at` integer,
	`distance_miles` real,
	`eta_at` integer,
	`located_lat` real,
	`located_lng` real,
	`located_at` integer,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`service_order_id`) REFERENCES `service_orders`(`service_order_id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`vendor_id`) ON UPDATE no action ON DELETE no action
);

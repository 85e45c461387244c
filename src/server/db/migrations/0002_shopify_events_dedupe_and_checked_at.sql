ALTER TABLE "orders" ADD COLUMN "shopify_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shopify_webhook_events" ADD COLUMN "order_id" text GENERATED ALWAYS AS (payload ->> 'order_id') STORED;--> statement-breakpoint
ALTER TABLE "shopify_webhook_events" ADD COLUMN "body_sha256" text;--> statement-breakpoint
CREATE INDEX "shopify_webhook_events_order_id_idx" ON "shopify_webhook_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shopify_webhook_events_received_at_idx" ON "shopify_webhook_events" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "shopify_webhook_events" ADD CONSTRAINT "shopify_webhook_events_body_sha256_unique" UNIQUE("body_sha256");
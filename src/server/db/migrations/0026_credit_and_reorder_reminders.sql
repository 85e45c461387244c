CREATE TABLE "reorder_link_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reorder_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"last_order_id" integer NOT NULL,
	"user_id" integer,
	"interval_days" integer NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reorder_reminders_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_notice_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reorder_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "reorder_interval_days" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reorder_reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "reorder_link_tokens" ADD CONSTRAINT "reorder_link_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_link_tokens" ADD CONSTRAINT "reorder_link_tokens_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_reminders" ADD CONSTRAINT "reorder_reminders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_reminders" ADD CONSTRAINT "reorder_reminders_last_order_id_orders_id_fk" FOREIGN KEY ("last_order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reorder_reminders" ADD CONSTRAINT "reorder_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reorder_link_tokens_user_id_idx" ON "reorder_link_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reorder_link_tokens_expires_at_idx" ON "reorder_link_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reorder_reminders_cycle_idx" ON "reorder_reminders" USING btree ("company_id","last_order_id");--> statement-breakpoint
CREATE INDEX "reorder_reminders_user_id_idx" ON "reorder_reminders" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit" is null or "companies"."credit_limit" >= 0);--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_reorder_interval_check" CHECK ("companies"."reorder_interval_days" is null or "companies"."reorder_interval_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_confirmation', 'pending', 'on_hold', 'processing', 'shipped', 'delivered', 'cancelled', 'submitted', 'completed'));
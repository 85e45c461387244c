CREATE TABLE "order_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"changed_by_user_id" integer,
	"by_staff" boolean NOT NULL,
	"reason" text,
	"lines" jsonb NOT NULL,
	"total_before" numeric(10, 2) NOT NULL,
	"total_after" numeric(10, 2) NOT NULL,
	"version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_changes_totals_check" CHECK ("order_changes"."total_before" >= 0 and "order_changes"."total_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prepared_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"prepared_by_user_id" integer,
	"note" text,
	"approve_on_confirm" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"confirmed_by_user_id" integer,
	"confirmed_at" timestamp with time zone,
	"declined_by_user_id" integer,
	"declined_at" timestamp with time zone,
	"decline_reason" text,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_orders" ADD CONSTRAINT "prepared_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_orders" ADD CONSTRAINT "prepared_orders_prepared_by_user_id_users_id_fk" FOREIGN KEY ("prepared_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_orders" ADD CONSTRAINT "prepared_orders_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_orders" ADD CONSTRAINT "prepared_orders_declined_by_user_id_users_id_fk" FOREIGN KEY ("declined_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_changes_order_id_idx" ON "order_changes" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "prepared_orders_open_idx" ON "prepared_orders" USING btree ("expires_at") WHERE "prepared_orders"."confirmed_at" is null and "prepared_orders"."declined_at" is null and "prepared_orders"."expired_at" is null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('awaiting_confirmation', 'pending', 'processing', 'shipped', 'delivered', 'cancelled', 'submitted', 'completed'));
-- Net payment terms (issue 20, docs/orders.md#payment-terms): each customer's terms, the terms an order was
-- submitted under, its due date (set at approval) and when the payment e-mails and reminders went out.
ALTER TABLE "users" ADD COLUMN "payment_terms" text DEFAULT 'on_approval' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_terms" text DEFAULT 'on_approval' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_soon_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_overdue_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_unpaid_due_idx" ON "orders" USING btree ("payment_due_at") WHERE "orders"."payment_due_at" is not null and "orders"."payment_status" <> 'paid';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payment_terms_check" CHECK ("users"."payment_terms" in ('on_approval', 'net15', 'net30', 'net60'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_terms_check" CHECK ("orders"."payment_terms" in ('on_approval', 'net15', 'net30', 'net60'));
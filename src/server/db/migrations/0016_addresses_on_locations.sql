-- The addresses now live on the company's locations (0015 copied them there, docs/companies.md#locations).
ALTER TABLE "users" DROP COLUMN "shipping_address";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_address";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shipping_address_line1";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shipping_address_line2";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shipping_city";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shipping_state";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shipping_zip";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "shipping_country";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_address_line1";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_address_line2";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_city";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_state";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_zip";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "billing_country";
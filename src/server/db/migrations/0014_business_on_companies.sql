-- The business name and payment terms now live on the company (0013 copied them there, docs/companies.md).
ALTER TABLE "users" DROP COLUMN "business_name";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "payment_terms";
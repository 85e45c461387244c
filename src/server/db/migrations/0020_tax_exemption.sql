ALTER TABLE "company_locations" ADD COLUMN "tax_exempt_certificate" text;--> statement-breakpoint
ALTER TABLE "company_locations" ADD COLUMN "tax_exempt_state" text;--> statement-breakpoint
ALTER TABLE "company_locations" ADD COLUMN "tax_exempt_expires_on" date;--> statement-breakpoint
ALTER TABLE "company_locations" ADD COLUMN "tax_exempt_reminded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "company_locations_tax_exempt_expires_idx" ON "company_locations" USING btree ("tax_exempt_expires_on") WHERE "company_locations"."tax_exempt_certificate" is not null and "company_locations"."tax_exempt_reminded_at" is null;--> statement-breakpoint
ALTER TABLE "company_locations" ADD CONSTRAINT "company_locations_tax_exemption_check" CHECK (("company_locations"."tax_exempt_certificate" is null) = ("company_locations"."tax_exempt_state" is null) and ("company_locations"."tax_exempt_certificate" is null) = ("company_locations"."tax_exempt_expires_on" is null));
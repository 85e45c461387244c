CREATE TABLE "company_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"shipping_address" text,
	"shipping_address_line1" text,
	"shipping_address_line2" text,
	"shipping_city" text,
	"shipping_state" text,
	"shipping_zip" text,
	"shipping_country" text DEFAULT 'USA',
	"billing_address" text,
	"billing_address_line1" text,
	"billing_address_line2" text,
	"billing_city" text,
	"billing_state" text,
	"billing_zip" text,
	"billing_country" text DEFAULT 'USA',
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_locations_name_check" CHECK (length(trim("company_locations"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "company_locations" ADD CONSTRAINT "company_locations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_locations_company_id_idx" ON "company_locations" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "company_locations_one_default_idx" ON "company_locations" USING btree ("company_id") WHERE "company_locations"."is_default";--> statement-breakpoint
-- Every company's default location is its owner's addresses and phone (issue 32,
-- docs/companies.md#from-customers-to-companies); the next migration drops them from users.
INSERT INTO "company_locations" ("company_id", "name", "phone", "is_default", "shipping_address",
	"shipping_address_line1", "shipping_address_line2", "shipping_city", "shipping_state", "shipping_zip",
	"shipping_country", "billing_address", "billing_address_line1", "billing_address_line2", "billing_city",
	"billing_state", "billing_zip", "billing_country", "created_at", "updated_at")
SELECT DISTINCT ON ("u"."company_id") "u"."company_id", 'Main location', "u"."phone", true, "u"."shipping_address",
	"u"."shipping_address_line1", "u"."shipping_address_line2", "u"."shipping_city", "u"."shipping_state",
	"u"."shipping_zip", "u"."shipping_country", "u"."billing_address", "u"."billing_address_line1",
	"u"."billing_address_line2", "u"."billing_city", "u"."billing_state", "u"."billing_zip", "u"."billing_country",
	"u"."created_at", "u"."updated_at"
FROM "users" "u" WHERE "u"."company_id" IS NOT NULL
ORDER BY "u"."company_id", ("u"."company_role" = 'owner') DESC, "u"."id";--> statement-breakpoint
-- A company left without people (its customer became staff) still gets a default location.
INSERT INTO "company_locations" ("company_id", "name", "is_default")
SELECT "c"."id", 'Main location', true FROM "companies" "c"
WHERE NOT EXISTS (SELECT 1 FROM "company_locations" "l" WHERE "l"."company_id" = "c"."id");

CREATE TABLE "shopify_companies" (
	"company_id" integer PRIMARY KEY NOT NULL,
	"shopify_company_id" text,
	"synced_fingerprint" text,
	"synced_at" timestamp with time zone,
	"sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_companies_shopify_company_id_unique" UNIQUE("shopify_company_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_company_contacts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"shopify_contact_id" text NOT NULL,
	"shopify_customer_id" text NOT NULL,
	"sent" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_company_contacts_shopify_contact_id_unique" UNIQUE("shopify_contact_id")
);
--> statement-breakpoint
CREATE TABLE "shopify_company_locations" (
	"location_id" integer PRIMARY KEY NOT NULL,
	"shopify_location_id" text NOT NULL,
	"tax_exemption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shopify_company_locations_shopify_location_id_unique" UNIQUE("shopify_location_id")
);
--> statement-breakpoint
ALTER TABLE "shopify_companies" ADD CONSTRAINT "shopify_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_company_contacts" ADD CONSTRAINT "shopify_company_contacts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopify_company_locations" ADD CONSTRAINT "shopify_company_locations_location_id_company_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."company_locations"("id") ON DELETE cascade ON UPDATE no action;
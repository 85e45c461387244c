CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payment_terms" text DEFAULT 'on_approval' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_payment_terms_check" CHECK ("companies"."payment_terms" in ('on_approval', 'net15', 'net30', 'net60')),
	CONSTRAINT "companies_name_check" CHECK (length(trim("companies"."name")) > 0)
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_payment_terms_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "company_role" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company_id" integer;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree ("name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_company_id_idx" ON "users" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "orders_company_id_created_at_idx" ON "orders" USING btree ("company_id","created_at" DESC NULLS LAST);--> statement-breakpoint
-- Every customer becomes the owner of a company of one (issue 32, docs/companies.md#from-customers-to-companies):
-- the company takes their business name (their own name, else their e-mail, when they gave none) and their
-- payment terms, and their orders become the company's. The next migration drops the two columns from users.
WITH "founders" AS (
	SELECT "u"."id" AS "user_id", nextval(pg_get_serial_sequence('"companies"', 'id')) AS "company_id",
		coalesce(nullif(trim("u"."business_name"), ''), nullif(trim(concat_ws(' ', "u"."first_name", "u"."last_name")), ''), "u"."email") AS "name",
		"u"."payment_terms", "u"."created_at"
	FROM "users" "u" WHERE "u"."role" = 'customer'
), "made" AS (
	INSERT INTO "companies" ("id", "name", "payment_terms", "created_at", "updated_at")
	SELECT "company_id", "name", "payment_terms", "created_at", "created_at" FROM "founders"
)
UPDATE "users" SET "company_id" = "founders"."company_id", "company_role" = 'owner'
FROM "founders" WHERE "users"."id" = "founders"."user_id";--> statement-breakpoint
UPDATE "orders" SET "company_id" = "users"."company_id" FROM "users" WHERE "orders"."user_id" = "users"."id";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_role_check" CHECK ("users"."company_role" in ('owner', 'buyer', 'viewer'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_membership_check" CHECK (("users"."company_id" is null) = ("users"."company_role" is null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_company_check" CHECK ("users"."role" <> 'customer' or "users"."company_id" is not null);
CREATE TABLE "member_locations" (
	"user_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_locations_user_id_location_id_pk" PRIMARY KEY("user_id","location_id")
);
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD COLUMN "location_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "location_id" integer;--> statement-breakpoint
ALTER TABLE "member_locations" ADD CONSTRAINT "member_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_locations" ADD CONSTRAINT "member_locations_location_id_company_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."company_locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_locations_location_id_idx" ON "member_locations" USING btree ("location_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_company_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."company_locations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_location_id_idx" ON "orders" USING btree ("location_id");--> statement-breakpoint
-- Orders placed before locations shipped to their company's one address, which became its default location.
UPDATE "orders" SET "location_id" = l."id"
  FROM "company_locations" l
  WHERE l."company_id" = "orders"."company_id" AND l."is_default" AND "orders"."location_id" IS NULL;
--> statement-breakpoint
-- Buyers from before keep ordering for every location of their company.
INSERT INTO "member_locations" ("user_id", "location_id")
  SELECT u."id", l."id" FROM "users" u JOIN "company_locations" l ON l."company_id" = u."company_id"
  WHERE u."company_role" = 'buyer'
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A buyer's locations are part of what their session carries (ADR 0036): a change announces them.
CREATE OR REPLACE FUNCTION notify_member_locations_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changed', (CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER member_locations_session_changed AFTER INSERT OR UPDATE OR DELETE ON member_locations
  FOR EACH ROW EXECUTE FUNCTION notify_member_locations_changed();

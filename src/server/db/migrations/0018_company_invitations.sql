CREATE TABLE "company_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" integer,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"last_sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" integer,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "company_invitations_role_check" CHECK ("company_invitations"."role" in ('owner', 'buyer', 'viewer')),
	CONSTRAINT "company_invitations_email_lowercase_check" CHECK ("company_invitations"."email" = lower("company_invitations"."email")),
	CONSTRAINT "company_invitations_one_outcome_check" CHECK ("company_invitations"."accepted_at" is null or "company_invitations"."revoked_at" is null)
);
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_user_id_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_invitations_one_open_idx" ON "company_invitations" USING btree ("company_id","email") WHERE "company_invitations"."accepted_at" is null and "company_invitations"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "company_invitations_company_id_idx" ON "company_invitations" USING btree ("company_id");--> statement-breakpoint
-- Migration 0017 announced a company's members on an UPDATE or DELETE, and only for the company the row
-- had before. A location added as the default, or moved to another company (a merge), changes the sessions
-- of the company it is in now as well: announce the members of both, on INSERT too.
CREATE OR REPLACE FUNCTION notify_company_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_company integer;
  new_company integer;
  member record;
BEGIN
  -- Each record's field is read only in its own table's branch: PL/pgSQL checks every field it evaluates.
  IF TG_TABLE_NAME = 'companies' THEN
    IF TG_OP <> 'INSERT' THEN old_company := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN new_company := NEW.id; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_company := OLD.company_id; END IF;
    IF TG_OP <> 'DELETE' THEN new_company := NEW.company_id; END IF;
  END IF;
  FOR member IN SELECT id FROM users WHERE company_id IN (old_company, new_company) LOOP
    PERFORM pg_notify('session_changed', member.id::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER company_locations_session_changed ON company_locations;
--> statement-breakpoint
CREATE TRIGGER company_locations_session_changed AFTER INSERT OR UPDATE OR DELETE ON company_locations
  FOR EACH ROW EXECUTE FUNCTION notify_company_members_changed();

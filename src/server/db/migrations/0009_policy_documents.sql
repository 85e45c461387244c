-- The text of the public Terms & Conditions and Privacy Policy pages, one row each, edited by staff in the
-- admin Policies section (docs/admin.md#policies); the starter text comes from the seed.
CREATE TABLE "policy_documents" (
	"kind" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "policy_documents_kind_check" CHECK ("policy_documents"."kind" in ('terms', 'privacy'))
);
--> statement-breakpoint
ALTER TABLE "policy_documents" ADD CONSTRAINT "policy_documents_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
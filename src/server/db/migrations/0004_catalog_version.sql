CREATE TABLE "catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
-- Every write to the catalogue's tables (the triggers of 0001) now also raises the version, in the writer's
-- own transaction: a transaction that reads version N sees the catalogue as it was at N (ADR 0017).
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

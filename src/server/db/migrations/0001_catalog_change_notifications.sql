-- Every write to what the storefront's catalogue and prices are made of announces itself on the channel
-- 'catalog_changed', so each portal instance can drop its in-memory copy at once (ADR 0007), whoever wrote:
-- a route, a job, another instance, or a person with psql.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER allowed_skus_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON allowed_skus
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER virtual_product_components_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON virtual_product_components
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER pricing_tiers_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pricing_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_pricing_tiers_catalog_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_pricing_tiers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();

-- A change to a company or one of its locations changes what every member's session carries (its name,
-- payment terms, default address: ADR 0018, ADR 0036), so it announces each member's id on
-- 'session_changed' as a change to the person's own row does (migration 0005).
CREATE OR REPLACE FUNCTION notify_company_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_company integer;
  member record;
BEGIN
  IF TG_TABLE_NAME = 'companies' THEN
    changed_company := OLD.id;
  ELSE
    changed_company := OLD.company_id;
  END IF;
  FOR member IN SELECT id FROM users WHERE company_id = changed_company LOOP
    PERFORM pg_notify('session_changed', member.id::text);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER companies_session_changed AFTER UPDATE OR DELETE ON companies
  FOR EACH ROW EXECUTE FUNCTION notify_company_members_changed();
--> statement-breakpoint
CREATE TRIGGER company_locations_session_changed AFTER UPDATE OR DELETE ON company_locations
  FOR EACH ROW EXECUTE FUNCTION notify_company_members_changed();

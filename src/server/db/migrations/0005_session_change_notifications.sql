-- Whatever ends or changes a session announces the user's id on the channel 'session_changed', so every
-- portal instance forgets what it remembers of that user's sessions at once (ADR 0018): a session row
-- deleted (sign-out, rotation, password change, expiry clean-up) or the user's own row changed or deleted
-- (approval state, role, e-mail).
CREATE OR REPLACE FUNCTION notify_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_changed AFTER DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();
--> statement-breakpoint
CREATE TRIGGER users_session_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_changed();

-- Every instance keeps the people behind recently seen sessions in memory (lib/session-cache.ts).
-- Any change that could end a session or change what its person may do is announced to every
-- instance at commit, whichever code (better-auth, Skylog, an operator's SQL) made it.
CREATE OR REPLACE FUNCTION skylog_announce_session_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('skylog_access_changes', 'all');
  ELSIF TG_TABLE_NAME = 'auth_session' THEN
    PERFORM pg_notify('skylog_access_changes', 'session:' || OLD.id);
  ELSE
    PERFORM pg_notify('skylog_access_changes', 'user:' || OLD.skylog_id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_session_announce_change
  AFTER UPDATE OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_session_change();
--> statement-breakpoint
CREATE TRIGGER auth_session_announce_truncate
  AFTER TRUNCATE ON auth_session
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_access_change
  AFTER UPDATE OF user_type, is_active, org_id, sub_org_id, email, auth_id OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_session_change();
--> statement-breakpoint
CREATE TRIGGER users_announce_truncate
  AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_session_change();

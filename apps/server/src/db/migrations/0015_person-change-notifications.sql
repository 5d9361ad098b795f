-- Each instance keeps what GET /api/me answers for recently seen people in memory (modules/users,
-- me-cache.ts). Any change to what it shows is announced to every instance at commit: the person's row
-- (profile, payment standing), their sign-in identity (a verified e-mail), their organization's and
-- sub-organization's names. Access changes keep their own announcements (migration 0011).
CREATE OR REPLACE FUNCTION skylog_announce_person_change() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('skylog_access_changes', 'all');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('skylog_access_changes', 'person:' || OLD.skylog_id);
  ELSIF TG_TABLE_NAME = 'auth_user' THEN
    PERFORM pg_notify('skylog_access_changes', 'auth-user:' || OLD.id);
  ELSIF TG_TABLE_NAME = 'orgs' THEN
    PERFORM pg_notify('skylog_access_changes', 'org:' || OLD.id);
  ELSE
    PERFORM pg_notify('skylog_access_changes', 'sub-org:' || OLD.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_announce_person_change
  AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_person_change();
--> statement-breakpoint
CREATE TRIGGER auth_user_announce_person_change
  AFTER UPDATE OR DELETE ON auth_user
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_person_change();
--> statement-breakpoint
CREATE TRIGGER auth_user_announce_truncate
  AFTER TRUNCATE ON auth_user
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_person_change();
--> statement-breakpoint
CREATE TRIGGER orgs_announce_person_change
  AFTER UPDATE OR DELETE ON orgs
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_person_change();
--> statement-breakpoint
CREATE TRIGGER orgs_announce_truncate
  AFTER TRUNCATE ON orgs
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_person_change();
--> statement-breakpoint
CREATE TRIGGER sub_orgs_announce_person_change
  AFTER UPDATE OR DELETE ON sub_orgs
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_person_change();
--> statement-breakpoint
CREATE TRIGGER sub_orgs_announce_truncate
  AFTER TRUNCATE ON sub_orgs
  FOR EACH STATEMENT EXECUTE FUNCTION skylog_announce_person_change();

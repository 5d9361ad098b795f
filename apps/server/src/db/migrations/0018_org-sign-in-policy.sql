ALTER TABLE "orgs" ADD COLUMN "require_admin_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Whether an organization's administrators must use an authenticator app is part of what a session may do:
-- every instance forgets the sessions it keeps in memory when it changes (a rare, deliberate act).
CREATE OR REPLACE FUNCTION skylog_announce_sign_in_policy_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('skylog_access_changes', 'all');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orgs_announce_sign_in_policy_change
  AFTER UPDATE OF require_admin_two_factor ON orgs
  FOR EACH ROW WHEN (OLD.require_admin_two_factor IS DISTINCT FROM NEW.require_admin_two_factor)
  EXECUTE FUNCTION skylog_announce_sign_in_policy_change();

ALTER TABLE "billing_accounts" ADD COLUMN "past_due_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orgs" ADD COLUMN "chosen_plan" jsonb;--> statement-breakpoint
-- Whether a person's organization has paid is part of what a session may do (a member of an unpaid school is
-- answered 402): a change of users.is_paid is announced to every instance's session cache like a role change.
DROP TRIGGER users_announce_access_change ON users;
--> statement-breakpoint
CREATE TRIGGER users_announce_access_change
  AFTER UPDATE OF user_type, is_active, org_id, sub_org_id, email, auth_id, is_paid OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_session_change();

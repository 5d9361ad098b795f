CREATE TABLE "auth_phone_factor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"friendly_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"verified_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"codes_sent" integer DEFAULT 0 NOT NULL,
	"codes_window_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_phone_factor_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "phone_factor_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factor_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_phone_factor" ADD CONSTRAINT "auth_phone_factor_user_id_auth_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_factor_challenges" ADD CONSTRAINT "phone_factor_challenges_factor_id_auth_phone_factor_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."auth_phone_factor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- "Last active" (plugins/session.ts) writes only updated_at: no instance's cached session changes by it,
-- so it announces nothing. A refresh (expires_at), a new token or another person still does.
DROP TRIGGER auth_session_announce_change ON auth_session;--> statement-breakpoint
CREATE TRIGGER auth_session_announce_change
  AFTER UPDATE OF token, expires_at, user_id OR DELETE ON auth_session
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_session_change();
--> statement-breakpoint
-- Whether a person has a confirmed authenticator app is part of each instance's cached session (a
-- requirement to have one): confirming or removing one announces the person, whatever changed it.
CREATE OR REPLACE FUNCTION skylog_announce_second_step_change() RETURNS trigger AS $$
DECLARE
  person text;
BEGIN
  IF TG_OP = 'DELETE' THEN person := OLD.user_id; ELSE person := NEW.user_id; END IF;
  PERFORM pg_notify('skylog_access_changes', 'user:' || u.skylog_id) FROM users u WHERE u.auth_id = person;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER auth_two_factor_announce_change
  AFTER INSERT OR UPDATE OF verified OR DELETE ON auth_two_factor
  FOR EACH ROW EXECUTE FUNCTION skylog_announce_second_step_change();

CREATE TABLE "endorsement_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid,
	"endorsement_id" uuid,
	CONSTRAINT "endorsement_requests_kind_check" CHECK (kind in ('pre_solo_knowledge','pre_solo_flight_training','solo','solo_renewal','solo_cross_country_training','solo_cross_country_flight','knowledge_test','practical_test','flight_review','complex','high_performance','tailwheel'))
);
--> statement-breakpoint
CREATE TABLE "endorsements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"student_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"regulation" text NOT NULL,
	"text" text NOT NULL,
	"aircraft_make_model" text,
	"instructor_id" uuid,
	"instructor_name" text NOT NULL,
	"certificate_number" text NOT NULL,
	"certificate_expires" date NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL,
	"method" text NOT NULL,
	"hash" text NOT NULL,
	"expires_on" date,
	CONSTRAINT "endorsements_kind_check" CHECK (kind in ('pre_solo_knowledge','pre_solo_flight_training','solo','solo_renewal','solo_cross_country_training','solo_cross_country_flight','knowledge_test','practical_test','flight_review','complex','high_performance','tailwheel'))
);
--> statement-breakpoint
CREATE TABLE "logbook_chain" (
	"pilot_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"signature_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"entry_date" date NOT NULL,
	"entry_hash" text NOT NULL,
	"link" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_chain_pilot_id_position_pk" PRIMARY KEY("pilot_id","position")
);
--> statement-breakpoint
CREATE TABLE "logbook_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid,
	"pilot_id" uuid NOT NULL,
	"trip_id" uuid,
	"source" text NOT NULL,
	"entry_date" date NOT NULL,
	"fields" jsonb NOT NULL,
	"track_values" jsonb,
	"typed" text[] DEFAULT '{}'::text[] NOT NULL,
	"imported_attestation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logbook_entries_source_check" CHECK (source in ('flight','import','manual'))
);
--> statement-breakpoint
CREATE TABLE "logbook_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entry_id" uuid NOT NULL,
	"pilot_id" uuid NOT NULL,
	"instructor_id" uuid,
	"instructor_name" text NOT NULL,
	"certificate_number" text NOT NULL,
	"certificate_expires" date NOT NULL,
	"signed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"entry_hash" text NOT NULL,
	"signed_content" text NOT NULL,
	CONSTRAINT "logbook_signatures_method_check" CHECK (method in ('password','authenticator'))
);
--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD CONSTRAINT "endorsement_requests_student_id_users_skylog_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD CONSTRAINT "endorsement_requests_closed_by_users_skylog_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsement_requests" ADD CONSTRAINT "endorsement_requests_endorsement_id_endorsements_id_fk" FOREIGN KEY ("endorsement_id") REFERENCES "public"."endorsements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_student_id_users_skylog_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "endorsements" ADD CONSTRAINT "endorsements_instructor_id_users_skylog_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_pilot_id_users_skylog_id_fk" FOREIGN KEY ("pilot_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_entries" ADD CONSTRAINT "logbook_entries_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_signatures" ADD CONSTRAINT "logbook_signatures_entry_id_logbook_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."logbook_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_signatures" ADD CONSTRAINT "logbook_signatures_pilot_id_users_skylog_id_fk" FOREIGN KEY ("pilot_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_signatures" ADD CONSTRAINT "logbook_signatures_instructor_id_users_skylog_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "endorsement_requests_open_idx" ON "endorsement_requests" USING btree ("student_id") WHERE "endorsement_requests"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "endorsements_student_idx" ON "endorsements" USING btree ("student_id","signed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_entries_pilot_trip_idx" ON "logbook_entries" USING btree ("pilot_id","trip_id") WHERE "logbook_entries"."trip_id" is not null;--> statement-breakpoint
CREATE INDEX "logbook_entries_pilot_date_idx" ON "logbook_entries" USING btree ("pilot_id","entry_date");--> statement-breakpoint
CREATE INDEX "logbook_entries_trip_idx" ON "logbook_entries" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "logbook_signatures_entry_idx" ON "logbook_signatures" USING btree ("entry_id","signed_at");--> statement-breakpoint
CREATE INDEX "logbook_signatures_pilot_idx" ON "logbook_signatures" USING btree ("pilot_id","signed_at");--> statement-breakpoint
-- The signature chain is append-only: a link once written is never changed or removed (docs/product.md "Logbook").
CREATE OR REPLACE FUNCTION logbook_chain_append_only() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'logbook_chain is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER logbook_chain_no_update_delete
  BEFORE UPDATE OR DELETE ON logbook_chain
  FOR EACH ROW EXECUTE FUNCTION logbook_chain_append_only();
--> statement-breakpoint
CREATE TRIGGER logbook_chain_no_truncate
  BEFORE TRUNCATE ON logbook_chain
  FOR EACH STATEMENT EXECUTE FUNCTION logbook_chain_append_only();
--> statement-breakpoint
-- Signatures and endorsements are never edited. The one change allowed is the database's own when the
-- instructor's account is deleted (instructor_id set null): the name and certificate written with them stay.
CREATE OR REPLACE FUNCTION signed_rows_unchanged() RETURNS trigger AS $$
BEGIN
  IF (to_jsonb(NEW) - 'instructor_id') IS DISTINCT FROM (to_jsonb(OLD) - 'instructor_id') OR NEW.instructor_id IS NOT NULL THEN
    RAISE EXCEPTION '% cannot be changed once signed', TG_TABLE_NAME;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER logbook_signatures_unchanged
  BEFORE UPDATE ON logbook_signatures
  FOR EACH ROW EXECUTE FUNCTION signed_rows_unchanged();
--> statement-breakpoint
CREATE TRIGGER endorsements_unchanged
  BEFORE UPDATE ON endorsements
  FOR EACH ROW EXECUTE FUNCTION signed_rows_unchanged();

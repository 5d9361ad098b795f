CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "audio_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"user_id" uuid,
	"filename" text NOT NULL,
	"content_type" text,
	"size_bytes" bigint NOT NULL,
	"offset" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'receiving' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_uploads_status_check" CHECK ("audio_uploads"."status" in ('receiving','processing','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "manual_markers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"marker_id" integer NOT NULL,
	"timestamp" timestamp (3) with time zone NOT NULL,
	"coords" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manual_markers_key_check" CHECK ("manual_markers"."marker_id" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "trip_audio" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"original_key" text NOT NULL,
	"playable_key" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"duration_ms" integer NOT NULL,
	"peaks" jsonb NOT NULL,
	"started_at" timestamp (3) with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_shares" (
	"trip_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_shares_trip_id_user_id_pk" PRIMARY KEY("trip_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"sub_org_id" uuid,
	"skylog_id" uuid,
	"trip_name" text NOT NULL,
	"distance_nm" double precision,
	"aircraft_id" uuid,
	"left_seat" uuid,
	"right_seat" uuid,
	"origin" text,
	"destination" text,
	"begin_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"duration_ms" bigint GENERATED ALWAYS AS ((extract(epoch from (end_time - begin_time)) * 1000)::bigint) STORED,
	"is_debriefed" boolean GENERATED ALWAYS AS ((coalesce(trip_well, '') <> '' or coalesce(trip_improve, '') <> '')) STORED NOT NULL,
	"raw_trips" jsonb DEFAULT '{"points":[],"markers":[]}'::jsonb NOT NULL,
	"point_count" integer DEFAULT 0 NOT NULL,
	"marker_count" integer DEFAULT 0 NOT NULL,
	"track_overview" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"transcript_json" jsonb,
	"transcript_in_progress" boolean DEFAULT false NOT NULL,
	"custom_marker" text,
	"trip_well" text,
	"trip_improve" text,
	"ai_trip_well" text,
	"ai_trip_improve" text,
	"ai_status" text,
	"ai_teachable_moments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_user_id_users_skylog_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_uploads" ADD CONSTRAINT "audio_uploads_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_uploads" ADD CONSTRAINT "audio_uploads_user_id_users_skylog_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_markers" ADD CONSTRAINT "manual_markers_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manual_markers" ADD CONSTRAINT "manual_markers_created_by_users_skylog_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_audio" ADD CONSTRAINT "trip_audio_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_shares" ADD CONSTRAINT "trip_shares_user_id_users_skylog_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_sub_org_id_sub_orgs_id_fk" FOREIGN KEY ("sub_org_id") REFERENCES "public"."sub_orgs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_skylog_id_users_skylog_id_fk" FOREIGN KEY ("skylog_id") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_aircraft_id_aircraft_id_fk" FOREIGN KEY ("aircraft_id") REFERENCES "public"."aircraft"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_left_seat_users_skylog_id_fk" FOREIGN KEY ("left_seat") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_right_seat_users_skylog_id_fk" FOREIGN KEY ("right_seat") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audio_uploads_trip_idx" ON "audio_uploads" USING btree ("trip_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_queued_idx" ON "jobs" USING btree ("status","run_after");--> statement-breakpoint
CREATE INDEX "manual_markers_trip_idx" ON "manual_markers" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "trip_shares_user_idx" ON "trip_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trips_org_begin_idx" ON "trips" USING btree ("org_id","begin_time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trips_org_duration_idx" ON "trips" USING btree ("org_id","duration_ms");--> statement-breakpoint
CREATE INDEX "trips_owner_idx" ON "trips" USING btree ("skylog_id");--> statement-breakpoint
CREATE INDEX "trips_left_seat_idx" ON "trips" USING btree ("left_seat");--> statement-breakpoint
CREATE INDEX "trips_right_seat_idx" ON "trips" USING btree ("right_seat");--> statement-breakpoint
CREATE INDEX "trips_aircraft_idx" ON "trips" USING btree ("aircraft_id");--> statement-breakpoint
CREATE INDEX "trips_sub_org_idx" ON "trips" USING btree ("sub_org_id");
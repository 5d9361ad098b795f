CREATE TABLE "transcriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"sentences" jsonb NOT NULL,
	"ai_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transcriptions_trip_id_unique" UNIQUE("trip_id")
);
--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "transcript_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "transcript_error" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "ai_error" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "ai_source" text;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "ai_draft" jsonb;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "flight_analysis" jsonb;--> statement-breakpoint
ALTER TABLE "transcriptions" ADD CONSTRAINT "transcriptions_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;
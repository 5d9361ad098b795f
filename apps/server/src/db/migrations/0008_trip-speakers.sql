CREATE TABLE "trip_speakers" (
	"trip_id" uuid NOT NULL,
	"speaker" integer NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "trip_speakers_trip_id_speaker_pk" PRIMARY KEY("trip_id","speaker"),
	CONSTRAINT "trip_speakers_speaker_check" CHECK ("trip_speakers"."speaker" >= 0)
);
--> statement-breakpoint
ALTER TABLE "trip_speakers" ADD CONSTRAINT "trip_speakers_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "trips" ADD COLUMN "markers" jsonb GENERATED ALWAYS AS (coalesce(raw_trips->'markers', '[]'::jsonb)) STORED NOT NULL;--> statement-breakpoint
-- Map overviews stored before this version kept every digit; new ones keep five decimals (about a metre),
-- which is all a map of the whole flight can show and halves what the flight's detail sends.
UPDATE "trips" SET "track_overview" = (
  SELECT coalesce(jsonb_agg(jsonb_build_array(trim_scale(round((pair->>0)::numeric, 5)), trim_scale(round((pair->>1)::numeric, 5))) ORDER BY position), '[]'::jsonb)
  FROM jsonb_array_elements("track_overview") WITH ORDINALITY AS overview(pair, position)
) WHERE jsonb_array_length("track_overview") > 0;

ALTER TABLE "audio_uploads" ADD COLUMN "pieces" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Uploads begun before this version kept their bytes in one local file, STORAGE_DIR/incoming/<id>.part:
-- that file becomes their first piece, so they resume (and are processed) where they were.
UPDATE "audio_uploads" SET "pieces" = jsonb_build_array('incoming/' || "id" || '.part')
  WHERE "offset" > 0 AND "status" IN ('receiving', 'processing');

ALTER TABLE "audio_uploads" ADD COLUMN "pieces" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Uploads begun before this version kept their bytes in one local file, STORAGE_DIR/incoming/<id>.part.
-- A complete one waiting for its job: that file becomes its one piece. One still receiving starts again
-- from byte 0 (the client asks the offset and sends everything): its file may hold more than the row's
-- offset (the row was updated after each piece), and the sweeper removes the old file after an hour.
UPDATE "audio_uploads" SET "pieces" = jsonb_build_array('incoming/' || "id" || '.part')
  WHERE "status" = 'processing';
--> statement-breakpoint
UPDATE "audio_uploads" SET "offset" = 0 WHERE "status" = 'receiving';

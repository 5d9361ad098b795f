-- A recording sent in takes (the phone recorder opens the microphone again after a reload) keeps where each take
-- starts on the flight's timeline and its size, so the audio job can join them (docs/recorder-api.md "Recordings in takes").
ALTER TABLE "audio_uploads" ADD COLUMN "takes" jsonb;
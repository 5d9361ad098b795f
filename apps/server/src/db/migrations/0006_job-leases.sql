ALTER TABLE "jobs" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
-- Jobs running when this version is deployed keep the old one-hour lock as their lease.
UPDATE "jobs" SET "locked_until" = "locked_at" + interval '1 hour' WHERE "status" = 'running';

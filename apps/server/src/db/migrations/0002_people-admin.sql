ALTER TABLE "users" ADD COLUMN "cable_collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cable_collected_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;
CREATE TABLE "course_check_instructors" (
	"course_id" uuid NOT NULL,
	"instructor_id" uuid NOT NULL,
	CONSTRAINT "course_check_instructors_course_id_instructor_id_pk" PRIMARY KEY("course_id","instructor_id")
);
--> statement-breakpoint
CREATE TABLE "course_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" text NOT NULL,
	"part" text NOT NULL,
	"scale" text NOT NULL,
	"template_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_part_check" CHECK (part in ('141','61')),
	CONSTRAINT "courses_scale_check" CHECK (scale in ('numeric-4','satisfactory','introduced-practised-proficient'))
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"revision_id" uuid NOT NULL,
	"enrolled_on" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"graduated_on" date,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrollments_status_check" CHECK (status in ('active','graduated','withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "item_grades" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"task_code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"required" boolean NOT NULL,
	"required_grade" text NOT NULL,
	"position" integer NOT NULL,
	"grade" text,
	"remark" text,
	"graded_by" uuid,
	"graded_at" timestamp with time zone,
	"proposal" jsonb,
	"rework_id" uuid
);
--> statement-breakpoint
CREATE TABLE "lesson_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"lesson_key" text NOT NULL,
	"trip_id" uuid,
	"lesson_date" date NOT NULL,
	"instructor_id" uuid,
	"stage_check" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"remarks" text,
	"ground_hours" real DEFAULT 0 NOT NULL,
	"signature" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "lesson_records_status_check" CHECK (status in ('not-started','in-progress','complete','incomplete'))
);
--> statement-breakpoint
CREATE TABLE "rework_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"task_code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"required_grade" text NOT NULL,
	"grade" text,
	"from_record_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cleared_by_record_id" uuid,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "course_check_instructors" ADD CONSTRAINT "course_check_instructors_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_check_instructors" ADD CONSTRAINT "course_check_instructors_instructor_id_users_skylog_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_revisions" ADD CONSTRAINT "course_revisions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_revisions" ADD CONSTRAINT "course_revisions_created_by_users_skylog_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_users_skylog_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_student_id_users_skylog_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("skylog_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_revision_id_course_revisions_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."course_revisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_created_by_users_skylog_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_grades" ADD CONSTRAINT "item_grades_record_id_lesson_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."lesson_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_grades" ADD CONSTRAINT "item_grades_graded_by_users_skylog_id_fk" FOREIGN KEY ("graded_by") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_records" ADD CONSTRAINT "lesson_records_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_records" ADD CONSTRAINT "lesson_records_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_records" ADD CONSTRAINT "lesson_records_instructor_id_users_skylog_id_fk" FOREIGN KEY ("instructor_id") REFERENCES "public"."users"("skylog_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rework_items" ADD CONSTRAINT "rework_items_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "public"."enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rework_items" ADD CONSTRAINT "rework_items_from_record_id_lesson_records_id_fk" FOREIGN KEY ("from_record_id") REFERENCES "public"."lesson_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rework_items" ADD CONSTRAINT "rework_items_cleared_by_record_id_lesson_records_id_fk" FOREIGN KEY ("cleared_by_record_id") REFERENCES "public"."lesson_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "course_revisions_course_number_idx" ON "course_revisions" USING btree ("course_id","number");--> statement-breakpoint
CREATE INDEX "courses_org_idx" ON "courses" USING btree ("org_id");--> statement-breakpoint
CREATE UNIQUE INDEX "enrollments_active_idx" ON "enrollments" USING btree ("student_id","course_id") WHERE "enrollments"."status" = 'active';--> statement-breakpoint
CREATE INDEX "enrollments_org_idx" ON "enrollments" USING btree ("org_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "item_grades_record_item_idx" ON "item_grades" USING btree ("record_id","item_key");--> statement-breakpoint
CREATE INDEX "item_grades_task_idx" ON "item_grades" USING btree ("task_code");--> statement-breakpoint
CREATE INDEX "lesson_records_enrollment_idx" ON "lesson_records" USING btree ("enrollment_id","lesson_date");--> statement-breakpoint
CREATE INDEX "lesson_records_trip_idx" ON "lesson_records" USING btree ("trip_id");--> statement-breakpoint
CREATE INDEX "rework_items_enrollment_idx" ON "rework_items" USING btree ("enrollment_id") WHERE "rework_items"."cleared_at" is null;--> statement-breakpoint
-- A course revision a student is enrolled on is locked: its syllabus never changes under their record
-- (docs/product.md "Lessons and grading"); a change makes a new revision instead.
CREATE OR REPLACE FUNCTION course_revision_locked() RETURNS trigger AS $$
BEGIN
  IF OLD.locked_at IS NOT NULL AND (NEW.content IS DISTINCT FROM OLD.content OR NEW.number IS DISTINCT FROM OLD.number OR NEW.locked_at IS NULL) THEN
    RAISE EXCEPTION 'course revision % is locked: students are enrolled on it', OLD.number;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER course_revisions_locked
  BEFORE UPDATE ON course_revisions
  FOR EACH ROW EXECUTE FUNCTION course_revision_locked();

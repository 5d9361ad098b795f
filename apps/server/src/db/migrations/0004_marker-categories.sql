CREATE TABLE "org_marker_categories" (
	"org_id" uuid NOT NULL,
	"key" integer NOT NULL,
	"text" text NOT NULL,
	"color" text NOT NULL,
	CONSTRAINT "org_marker_categories_org_id_key_pk" PRIMARY KEY("org_id","key"),
	CONSTRAINT "org_marker_categories_key_check" CHECK ("org_marker_categories"."key" between 1 and 4),
	CONSTRAINT "org_marker_categories_color_check" CHECK ("org_marker_categories"."color" ~ '^#[0-9a-f]{6}$')
);
--> statement-breakpoint
ALTER TABLE "org_marker_categories" ADD CONSTRAINT "org_marker_categories_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;
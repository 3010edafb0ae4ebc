CREATE TABLE "build_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"text" text DEFAULT '' NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_projects" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'enquiry' NOT NULL,
	"status_reason" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"postcode" text NOT NULL,
	"outside_area" boolean DEFAULT false NOT NULL,
	"type" text NOT NULL,
	"size" text NOT NULL,
	"budget" text NOT NULL,
	"timescale" text NOT NULL,
	"heard_from" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"survey_notes" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "survey_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"booked_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "build_events" ADD CONSTRAINT "build_events_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_links" ADD CONSTRAINT "build_links_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_photos" ADD CONSTRAINT "build_photos_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_bookings" ADD CONSTRAINT "survey_bookings_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "build_events_project_idx" ON "build_events" USING btree ("project_id","at");--> statement-breakpoint
CREATE INDEX "build_links_project_idx" ON "build_links" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "build_photos_project_idx" ON "build_photos" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "build_projects_status_idx" ON "build_projects" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "build_projects_created_idx" ON "build_projects" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "build_projects_user_idx" ON "build_projects" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_bookings_slot_held_idx" ON "survey_bookings" USING btree ("starts_at") WHERE "survey_bookings"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "survey_bookings_project_held_idx" ON "survey_bookings" USING btree ("project_id") WHERE "survey_bookings"."status" = 'booked';--> statement-breakpoint
CREATE INDEX "survey_bookings_project_idx" ON "survey_bookings" USING btree ("project_id");
CREATE TABLE "build_quote_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"section" text NOT NULL,
	"description" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_pence" integer NOT NULL,
	"optional" boolean DEFAULT false NOT NULL,
	"chosen" boolean DEFAULT true NOT NULL,
	"product_id" text
);
--> statement-breakpoint
CREATE TABLE "build_quote_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"content" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "build_quote_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "build_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"schedule" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"accepted_name" text,
	"accepted_total_pence" integer,
	"early_start" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "build_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"quote_id" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"amount_pence" integer NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"payment_reference" text,
	"payment_link_id" text,
	"reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "build_quote_lines" ADD CONSTRAINT "build_quote_lines_quote_id_build_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."build_quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_quotes" ADD CONSTRAINT "build_quotes_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_stages" ADD CONSTRAINT "build_stages_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_stages" ADD CONSTRAINT "build_stages_quote_id_build_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."build_quotes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "build_quote_lines_quote_idx" ON "build_quote_lines" USING btree ("quote_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "build_quotes_version_idx" ON "build_quotes" USING btree ("project_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "build_quotes_accepted_idx" ON "build_quotes" USING btree ("project_id") WHERE "build_quotes"."status" = 'accepted';--> statement-breakpoint
CREATE UNIQUE INDEX "build_stages_position_idx" ON "build_stages" USING btree ("quote_id","position");--> statement-breakpoint
CREATE INDEX "build_stages_project_idx" ON "build_stages" USING btree ("project_id");
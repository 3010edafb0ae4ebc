CREATE TABLE "business_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"details" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text NOT NULL,
	"action" text NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_state" ADD COLUMN "file_hash" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD COLUMN "summary" text;--> statement-breakpoint
CREATE INDEX "catalog_changes_code_idx" ON "catalog_changes" USING btree ("code","id");
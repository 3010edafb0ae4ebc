CREATE TABLE "catalog_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"csv" text NOT NULL,
	"file_name" text NOT NULL,
	"preview" jsonb NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"csv" text NOT NULL,
	"content_hash" text NOT NULL,
	"product_count" integer NOT NULL,
	"published_by" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_uploads_expires_idx" ON "catalog_uploads" USING btree ("expires_at");
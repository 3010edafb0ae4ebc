CREATE TABLE "catalog_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"version" integer NOT NULL,
	"product_count" integer NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"image_url" text NOT NULL,
	"product_url" text NOT NULL,
	"vendor" text NOT NULL,
	"category" text NOT NULL,
	"price_pence" integer,
	"sizes" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"selected_size" text NOT NULL,
	"selected_option" text NOT NULL,
	"original_name" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category","position");
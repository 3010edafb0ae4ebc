CREATE TABLE "delivery_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "site_access" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_class" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "site_access" jsonb;
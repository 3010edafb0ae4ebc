CREATE TABLE "analytics_page_views" (
	"at" timestamp with time zone NOT NULL,
	"route" text NOT NULL,
	"item_id" text DEFAULT '' NOT NULL,
	"referrer_host" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"device" text NOT NULL,
	"visitor_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"item_id" text DEFAULT '' NOT NULL,
	"visitor_key" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_monthly" (
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "analytics_monthly_month_dimension_value_pk" PRIMARY KEY("month","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"series" text PRIMARY KEY NOT NULL,
	"next" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"refers_to" text,
	"total_pence" integer NOT NULL,
	"content" jsonb NOT NULL,
	CONSTRAINT "order_documents_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "order_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_page_views_at_idx" ON "analytics_page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "analytics_daily_dimension_idx" ON "analytics_daily" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "analytics_events_at_idx" ON "analytics_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "order_documents_order_idx" ON "order_documents" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "order_links_order_idx" ON "order_links" USING btree ("order_id","created_at");
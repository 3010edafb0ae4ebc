CREATE TABLE "books_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"quarter_start_month" integer NOT NULL,
	"sales_account_code" text NOT NULL,
	"changed_by" text NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"figures" jsonb NOT NULL,
	"closed_by" text NOT NULL,
	"closed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "vat_periods_from_idx" ON "vat_periods" USING btree ("from_date");--> statement-breakpoint
CREATE INDEX "order_documents_issued_idx" ON "order_documents" USING btree ("issued_at","number");
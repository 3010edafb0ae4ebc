CREATE TABLE "order_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_links" ADD CONSTRAINT "order_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_links_order_idx" ON "order_links" USING btree ("order_id","created_at");
CREATE TABLE "build_cancellations" (
	"project_id" text PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"early_start" boolean NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" text,
	"work_done_pence" integer
);
--> statement-breakpoint
ALTER TABLE "order_documents" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "build_stages" ADD COLUMN "refund_pence" integer;--> statement-breakpoint
ALTER TABLE "build_stages" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "build_stages" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "project_id" text;--> statement-breakpoint
ALTER TABLE "order_documents" ADD COLUMN "build_stage_id" integer;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "build_stage_id" integer;--> statement-breakpoint
ALTER TABLE "build_cancellations" ADD CONSTRAINT "build_cancellations_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_build_stage_id_build_stages_id_fk" FOREIGN KEY ("build_stage_id") REFERENCES "public"."build_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_build_stage_id_build_stages_id_fk" FOREIGN KEY ("build_stage_id") REFERENCES "public"."build_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_documents_project_idx" ON "order_documents" USING btree ("project_id","issued_at");--> statement-breakpoint
CREATE INDEX "payment_links_build_stage_idx" ON "payment_links" USING btree ("build_stage_id");--> statement-breakpoint
ALTER TABLE "order_documents" ADD CONSTRAINT "order_documents_one_owner_check" CHECK (("order_documents"."order_id" is null) <> ("order_documents"."project_id" is null));--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_one_payer_check" CHECK (("payment_links"."order_id" is null) <> ("payment_links"."build_stage_id" is null));
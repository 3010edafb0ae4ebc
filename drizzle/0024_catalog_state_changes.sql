ALTER TABLE "catalog_state" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "catalog_state" ADD COLUMN "changed_ids" jsonb;
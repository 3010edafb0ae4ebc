ALTER TABLE "catalog_uploads" ALTER COLUMN "csv" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" ALTER COLUMN "csv" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_uploads" ADD COLUMN "csv_gzip" "bytea";--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD COLUMN "csv_gzip" "bytea";
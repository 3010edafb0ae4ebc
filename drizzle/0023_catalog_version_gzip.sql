ALTER TABLE "catalog_versions" ALTER COLUMN "csv" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_versions" ADD COLUMN "csv_gzip" "bytea";
ALTER TABLE "staff_settings" ADD COLUMN "staff_second_factor_required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The owner's staff rule moves into the one row of staff settings (defaults where none was saved).
INSERT INTO "staff_settings" ("id", "refund_limit_pence", "audit_retention_months", "staff_second_factor_required", "changed_by")
	SELECT 1, 25000, 24, "staff_second_factor_required", 'migration' FROM "security_settings" WHERE "id" = 1
	ON CONFLICT ("id") DO UPDATE SET "staff_second_factor_required" = excluded."staff_second_factor_required";--> statement-breakpoint
DROP TABLE "security_settings" CASCADE;

ALTER TABLE "testimonials" ADD COLUMN "project_id" text;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_project_id_build_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."build_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Testimonials sent before this column: those not yet edited still name their project as author.
UPDATE "testimonials" SET "project_id" = substring("updated_by" from '^customer, project (PB-[A-Z0-9]+)$')
	WHERE "updated_by" LIKE 'customer, project PB-%'
	AND substring("updated_by" from '^customer, project (PB-[A-Z0-9]+)$') IN (SELECT "id" FROM "build_projects");

CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tile_title" text DEFAULT '' NOT NULL,
	"tile_image" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "category_redirects" ADD CONSTRAINT "category_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_idx" ON "categories" USING btree (lower("name"));--> statement-breakpoint
-- hand-written below
-- The five categories the shop had as fixed slugs, with the names, tiles and order shown before.
INSERT INTO "categories" ("slug", "name", "description", "tile_title", "tile_image", "position") VALUES
	('filters', 'Filters', 'Pond and koi filters: pressure, gravity-fed and drum filters, UV clarifiers and filter media, sized to your pond''s volume.', '', 'tile-filters', 1),
	('fittings', 'Fittings', 'Pipe fittings for pond plumbing: solvent-weld and flexible pipe, valves, unions, tank connectors and hose tails.', 'Pipe Fittings', 'tile-fittings', 2),
	('pumps', 'Pumps', 'Water pumps for filters, waterfalls and streams, from energy-saving filter pumps to high-flow models for large koi ponds.', 'Water Pumps', 'tile-pumps', 3),
	('air_pumps', 'Air Pumps', 'Air pumps, air stones and airline to keep koi ponds well oxygenated through warm summer nights.', '', 'tile-air-pumps', 4),
	('skimmers', 'Skimmers', 'Surface skimmers and filter showers that take leaves and debris off the water before they sink.', 'Showers & Skimmers', 'tile-skimmers', 5)
ON CONFLICT DO NOTHING;

CREATE TABLE "analytics_address_caps" (
	"day" date NOT NULL,
	"address" text NOT NULL,
	"views" integer NOT NULL,
	"keys" integer NOT NULL,
	CONSTRAINT "analytics_address_caps_day_address_pk" PRIMARY KEY("day","address")
);
--> statement-breakpoint
CREATE TABLE "analytics_visitor_caps" (
	"day" date NOT NULL,
	"visitor_key" text NOT NULL,
	"views" integer NOT NULL,
	"refused" boolean DEFAULT false NOT NULL,
	CONSTRAINT "analytics_visitor_caps_day_visitor_key_pk" PRIMARY KEY("day","visitor_key")
);

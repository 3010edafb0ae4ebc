ALTER TABLE "payment_links" ADD COLUMN "checkout_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "url" text;
ALTER TABLE "orders" ADD COLUMN "reminders_off" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "reminders_sent" jsonb DEFAULT '[]'::jsonb NOT NULL;
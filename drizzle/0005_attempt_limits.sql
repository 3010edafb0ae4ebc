ALTER TABLE "login_attempts" ADD COLUMN "last_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Counters from before the per-action limiter used keys without an action prefix.
DELETE FROM "login_attempts" WHERE "key" LIKE 'email:%' OR "key" LIKE 'ip:%';

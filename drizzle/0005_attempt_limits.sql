ALTER TABLE "login_attempts" ADD COLUMN IF NOT EXISTS "last_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
DELETE FROM "login_attempts" WHERE "key" LIKE 'email:%' OR "key" LIKE 'ip:%';

ALTER TABLE "payment_links" ADD COLUMN "remind_before_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_links" ADD COLUMN "remind_last_morning_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "payment_links_reminder_due_idx" ON "payment_links" USING btree (least("remind_before_at", "remind_last_morning_at")) WHERE "payment_links"."status" = 'active';--> statement-breakpoint
-- Reminders queued as one job each (before this migration) become the link's reminder times, and
-- one wake-up job per distinct time runs the scan that sends every due reminder (decision 0019).
UPDATE "payment_links" l SET "remind_before_at" = j.run_at
	FROM "jobs" j
	WHERE j.name = 'quote-reminder' AND j.status <> 'done' AND j.payload->>'linkId' = l.id
		AND coalesce(j.payload->>'kind', 'before') = 'before';--> statement-breakpoint
UPDATE "payment_links" l SET "remind_last_morning_at" = j.run_at
	FROM "jobs" j
	WHERE j.name = 'quote-reminder' AND j.status <> 'done' AND j.payload->>'linkId' = l.id
		AND j.payload->>'kind' = 'last-morning';--> statement-breakpoint
INSERT INTO "jobs" (key, name, payload, run_at)
	SELECT DISTINCT 'quote-reminders:' || to_char(run_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
		'quote-reminders', '{}'::jsonb, run_at
	FROM "jobs" WHERE name = 'quote-reminder' AND status <> 'done'
	ON CONFLICT (key) DO NOTHING;--> statement-breakpoint
DELETE FROM "jobs" WHERE name = 'quote-reminder' AND status <> 'done';

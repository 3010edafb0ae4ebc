ALTER TABLE "refunds" ALTER COLUMN "provider_refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "step" text DEFAULT 'recorded' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "plan" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "step_at" timestamp with time zone DEFAULT now() NOT NULL;
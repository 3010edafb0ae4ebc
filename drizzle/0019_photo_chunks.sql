CREATE TABLE "photo_chunks" (
	"photo_id" text NOT NULL,
	"seq" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"written_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_chunks_photo_id_seq_pk" PRIMARY KEY("photo_id","seq")
);
--> statement-breakpoint
-- Originals already stored move into 64 KB chunks before their column goes.
INSERT INTO "photo_chunks" ("photo_id", "seq", "bytes")
SELECT p."id", g.seq, substring(p."bytes" from g.seq * 65536 + 1 for 65536)
FROM "photos" p, generate_series(0, (length(p."bytes") - 1) / 65536) AS g(seq)
WHERE p."bytes" IS NOT NULL AND length(p."bytes") > 0;
--> statement-breakpoint
ALTER TABLE "photos" DROP COLUMN "bytes";
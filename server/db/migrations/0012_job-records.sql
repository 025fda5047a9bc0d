ALTER TABLE "stored_file" ADD COLUMN "original_name" text;--> statement-breakpoint
ALTER TABLE "job_request" ADD COLUMN "accepted_at" date;--> statement-breakpoint
ALTER TABLE "job_request" ADD COLUMN "archived_at" date;--> statement-breakpoint
-- A job whose quote was accepted before this column existed is a record too: the day comes from its timeline.
UPDATE "job_request" AS j SET "accepted_at" = e.at
  FROM (SELECT "job_id", min("created_at")::date AS at FROM "job_event" WHERE "to_stage" = 'accepted' GROUP BY "job_id") AS e
 WHERE e."job_id" = j."id";

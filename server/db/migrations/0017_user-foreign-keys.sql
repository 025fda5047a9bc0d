-- Every user column of the job and file tables points at its account. Rows left pointing at no account
-- (possible before these keys) are tidied first where the column may be empty or the row is the
-- person's own: a file's uploader and a move's author become unknown, a read marker goes.
UPDATE "stored_file" SET "uploaded_by" = NULL WHERE "uploaded_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = "stored_file"."uploaded_by");--> statement-breakpoint
UPDATE "job_event" SET "actor_id" = NULL WHERE "actor_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = "job_event"."actor_id");--> statement-breakpoint
DELETE FROM "job_read" WHERE NOT EXISTS (SELECT 1 FROM "user" u WHERE u.id = "job_read"."user_id");--> statement-breakpoint
ALTER TABLE "stored_file" ADD CONSTRAINT "stored_file_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_request" ADD CONSTRAINT "job_request_user_user_id_fk" FOREIGN KEY ("user") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_event" ADD CONSTRAINT "job_event_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_message" ADD CONSTRAINT "job_message_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_quote" ADD CONSTRAINT "job_quote_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_read" ADD CONSTRAINT "job_read_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
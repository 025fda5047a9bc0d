CREATE TABLE "revision_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revision_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" text,
	"author_side" text NOT NULL,
	"body" text NOT NULL,
	"view" jsonb,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"carried_from_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_message" ADD COLUMN "revision_comment_id" uuid;--> statement-breakpoint
ALTER TABLE "revision_comment" ADD CONSTRAINT "revision_comment_revision_id_deliverable_revision_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."deliverable_revision"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_comment" ADD CONSTRAINT "revision_comment_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_comment" ADD CONSTRAINT "revision_comment_parent_id_revision_comment_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."revision_comment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_comment" ADD CONSTRAINT "revision_comment_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_comment" ADD CONSTRAINT "revision_comment_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_comment" ADD CONSTRAINT "revision_comment_carried_from_id_revision_comment_id_fk" FOREIGN KEY ("carried_from_id") REFERENCES "public"."revision_comment"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "revision_comment_revision_idx" ON "revision_comment" USING btree ("revision_id","created_at");--> statement-breakpoint
CREATE INDEX "revision_comment_job_idx" ON "revision_comment" USING btree ("job_id");--> statement-breakpoint
ALTER TABLE "job_message" ADD CONSTRAINT "job_message_revision_comment_id_revision_comment_id_fk" FOREIGN KEY ("revision_comment_id") REFERENCES "public"."revision_comment"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "job_tombstone" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"title" text,
	"reference" text,
	"user_id" text NOT NULL,
	"deleted_by_side" text NOT NULL,
	"deleted_by" text,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_tombstone" ADD CONSTRAINT "job_tombstone_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tombstone" ADD CONSTRAINT "job_tombstone_deleted_by_user_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_tombstone_user_idx" ON "job_tombstone" USING btree ("user_id");
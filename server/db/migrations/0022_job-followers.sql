CREATE TABLE "job_follow" (
	"job_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"following" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_follow_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "job_follow" ADD CONSTRAINT "job_follow_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_follow" ADD CONSTRAINT "job_follow_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "job_event" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"from_stage" text,
	"to_stage" text NOT NULL,
	"actor_id" text,
	"actor_side" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_message" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"author_side" text NOT NULL,
	"body" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"job_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"subtotal_pence" integer NOT NULL,
	"vat_pence" integer NOT NULL,
	"total_pence" integer NOT NULL,
	"valid_until" date NOT NULL,
	"note" text,
	"status" text DEFAULT 'sent' NOT NULL,
	"decline_reason" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_read" (
	"job_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_read_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "profile" ADD COLUMN "job_update_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_event" ADD CONSTRAINT "job_event_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_message" ADD CONSTRAINT "job_message_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_quote" ADD CONSTRAINT "job_quote_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_read" ADD CONSTRAINT "job_read_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_event_job_idx" ON "job_event" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_message_job_idx" ON "job_message" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_quote_job_idx" ON "job_quote" USING btree ("job_id","created_at");
CREATE TABLE "upload" (
	"id" text PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"metadata" jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" text DEFAULT 'receiving' NOT NULL,
	"storage_path" text,
	"refusal" text,
	"lock_owner" text,
	"lock_until" timestamp with time zone,
	"lock_wanted" timestamp with time zone,
	"finish_owner" text,
	"finish_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "upload_state_updated_idx" ON "upload" USING btree ("state","updated_at");
CREATE TABLE "file_thumbnail" (
	"path" text PRIMARY KEY NOT NULL,
	"png" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_thumbnail" ADD CONSTRAINT "file_thumbnail_path_stored_file_path_fk" FOREIGN KEY ("path") REFERENCES "public"."stored_file"("path") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "blog_image" (
	"path" text PRIMARY KEY NOT NULL,
	"blog_post_id" uuid NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_post_slug" (
	"slug" text PRIMARY KEY NOT NULL,
	"blog_post_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blog_setting" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"hold_comments" boolean DEFAULT true NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blog_setting_one_row" CHECK ("blog_setting"."id")
);
--> statement-breakpoint
ALTER TABLE "blog_post" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "blog_post" ADD COLUMN "status" text DEFAULT 'draft' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_post" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
-- Posts stored before were public to read: they stay published, dated when they were written, each
-- at an address made of its title and the start of its id (unique without asking the titles).
UPDATE "blog_post" SET
	"slug" = concat_ws('-', NULLIF(trim(both '-' from regexp_replace(lower(coalesce("title", '')), '[^a-z0-9]+', '-', 'g')), ''), left("id"::text, 8)),
	"status" = 'published',
	"published_at" = "created_at";--> statement-breakpoint
ALTER TABLE "blog_post" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_post" ADD COLUMN "author_user_id" text;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "comment" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "blog_image" ADD CONSTRAINT "blog_image_path_stored_file_path_fk" FOREIGN KEY ("path") REFERENCES "public"."stored_file"("path") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_image" ADD CONSTRAINT "blog_image_blog_post_id_blog_post_id_fk" FOREIGN KEY ("blog_post_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post_slug" ADD CONSTRAINT "blog_post_slug_blog_post_id_blog_post_id_fk" FOREIGN KEY ("blog_post_id") REFERENCES "public"."blog_post"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_setting" ADD CONSTRAINT "blog_setting_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blog_post" ADD CONSTRAINT "blog_post_author_user_id_user_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- A comment whose account no longer exists keeps its text under its display name, without an owner.
UPDATE "comment" SET "user_id" = NULL WHERE "user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "user" u WHERE u."id" = "comment"."user_id");--> statement-breakpoint
ALTER TABLE "comment" ADD CONSTRAINT "comment_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blog_post_published_idx" ON "blog_post" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "comment_post_idx" ON "comment" USING btree ("blog_post_id","created_at");--> statement-breakpoint
CREATE INDEX "comment_status_idx" ON "comment" USING btree ("status");--> statement-breakpoint
ALTER TABLE "blog_post" ADD CONSTRAINT "blog_post_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- The blog's one settings row: comments are held for moderation until an admin says otherwise.
INSERT INTO "blog_setting" ("id", "hold_comments") VALUES (true, true) ON CONFLICT DO NOTHING;

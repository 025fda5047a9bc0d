CREATE TABLE "storage_reservation" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "storage_reservation" ADD CONSTRAINT "storage_reservation_upload_id_upload_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."upload"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_reservation_owner_idx" ON "storage_reservation" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "outbox_group_idx" ON "outbox" USING btree ("group_key","id") WHERE "outbox"."group_key" IS NOT NULL;
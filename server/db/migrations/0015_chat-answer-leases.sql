-- Every answer being produced has a row here, naming its producer and how long its lease lasts; the
-- producer renews it every second and removes it with the answer's last part. A lease that expires
-- (the producer was killed) lets any instance end the answer as interrupted, so none is left unended.
CREATE TABLE "chat_answer" (
	"user_message_id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"producer" text NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_answer" ADD CONSTRAINT "chat_answer_user_message_id_message_id_fk" FOREIGN KEY ("user_message_id") REFERENCES "public"."message"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_answer" ADD CONSTRAINT "chat_answer_conversation_id_conversation_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_answer_lease_until_idx" ON "chat_answer" USING btree ("lease_until");
CREATE TABLE "deliverable_revision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"document" text NOT NULL,
	"sequence" integer NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"release_id" uuid,
	"code" text,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "job_release" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"released_by" text,
	"recipients" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revision_decision" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"revision_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"comment" text,
	"accepted_code" text,
	"decided_by" text,
	"decided_by_name" text NOT NULL,
	"decided_by_email" text NOT NULL,
	"ip" text,
	"user_agent" text,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliverable_revision" ADD CONSTRAINT "deliverable_revision_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_revision" ADD CONSTRAINT "deliverable_revision_path_stored_file_path_fk" FOREIGN KEY ("path") REFERENCES "public"."stored_file"("path") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_revision" ADD CONSTRAINT "deliverable_revision_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_revision" ADD CONSTRAINT "deliverable_revision_release_id_job_release_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."job_release"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_release" ADD CONSTRAINT "job_release_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_release" ADD CONSTRAINT "job_release_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_decision" ADD CONSTRAINT "revision_decision_revision_id_deliverable_revision_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."deliverable_revision"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_decision" ADD CONSTRAINT "revision_decision_job_id_job_request_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."job_request"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "revision_decision" ADD CONSTRAINT "revision_decision_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_revision_sequence_idx" ON "deliverable_revision" USING btree ("job_id","document","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_revision_path_idx" ON "deliverable_revision" USING btree ("path");--> statement-breakpoint
CREATE INDEX "deliverable_revision_release_idx" ON "deliverable_revision" USING btree ("release_id");--> statement-breakpoint
CREATE UNIQUE INDEX "job_release_number_idx" ON "job_release" USING btree ("job_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "revision_decision_revision_idx" ON "revision_decision" USING btree ("revision_id");--> statement-breakpoint
CREATE INDEX "revision_decision_job_idx" ON "revision_decision" USING btree ("job_id","created_at");--> statement-breakpoint
-- A decision is made once: the database refuses to change one (it goes only with its job or revision).
CREATE FUNCTION refuse_changing_a_decision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a decision on a revision cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER revision_decision_is_final BEFORE UPDATE ON "revision_decision" FOR EACH ROW EXECUTE FUNCTION refuse_changing_a_decision();--> statement-breakpoint
-- An issued revision keeps its file, hash, code and release: only its job's deletion removes it.
CREATE FUNCTION refuse_changing_an_issued_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.release_id IS NOT NULL AND (NEW.path, NEW.sha256, NEW.size, NEW.code, NEW.release_id, NEW.document, NEW.sequence) IS DISTINCT FROM (OLD.path, OLD.sha256, OLD.size, OLD.code, OLD.release_id, OLD.document, OLD.sequence) THEN
    RAISE EXCEPTION 'an issued revision cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER deliverable_revision_issued_is_final BEFORE UPDATE ON "deliverable_revision" FOR EACH ROW EXECUTE FUNCTION refuse_changing_an_issued_revision();
--> statement-breakpoint
-- The stages now end with the client's acceptance: "released" waits for it, "completed" follows it.
-- A job released before this had nothing left to accept: it is completed. A job the consultancy had
-- marked completed but not yet released is in review, waiting for its release.
UPDATE "job_request" SET "status" = 'completed' WHERE "status" = 'released';--> statement-breakpoint
UPDATE "job_request" SET "status" = 'in_review' WHERE "status" = 'completed' AND "released_at" IS NULL;

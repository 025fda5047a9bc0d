CREATE TABLE "company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text,
	"address" text,
	"vat_number" text,
	"logo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitation_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "company_member" (
	"company_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_member_company_id_user_id_pk" PRIMARY KEY("company_id","user_id"),
	CONSTRAINT "company_member_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "job_request" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "job_tombstone" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitation" ADD CONSTRAINT "company_invitation_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member" ADD CONSTRAINT "company_member_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_member" ADD CONSTRAINT "company_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invitation_company_idx" ON "company_invitation" USING btree ("company_id","created_at");--> statement-breakpoint
ALTER TABLE "job_request" ADD CONSTRAINT "job_request_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tombstone" ADD CONSTRAINT "job_tombstone_company_id_company_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_request_company_idx" ON "job_request" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "job_tombstone_company_idx" ON "job_tombstone" USING btree ("company_id");--> statement-breakpoint
-- Every existing account becomes the owner of a company of its own, named and with the logo its
-- profile had; its jobs and their tombstones belong to that company.
CREATE TEMPORARY TABLE "company_of_user" AS
	SELECT u."id" AS "user_id", gen_random_uuid() AS "company_id", p."company_name", p."profile_picture_url", u."created_at"
	FROM "user" u LEFT JOIN "profile" p ON p."user_id" = u."id";--> statement-breakpoint
INSERT INTO "company" ("id", "name", "logo_url", "created_at") SELECT "company_id", "company_name", "profile_picture_url", "created_at" FROM "company_of_user";--> statement-breakpoint
INSERT INTO "company_member" ("company_id", "user_id", "role", "created_at") SELECT "company_id", "user_id", 'owner', "created_at" FROM "company_of_user";--> statement-breakpoint
UPDATE "job_request" j SET "company_id" = c."company_id" FROM "company_of_user" c WHERE c."user_id" = j."user";--> statement-breakpoint
UPDATE "job_tombstone" t SET "company_id" = c."company_id" FROM "company_of_user" c WHERE c."user_id" = t."user_id";--> statement-breakpoint
ALTER TABLE "job_request" ALTER COLUMN "company_id" SET NOT NULL;--> statement-breakpoint
DROP TABLE "company_of_user";--> statement-breakpoint
ALTER TABLE "profile" DROP COLUMN "company_name";--> statement-breakpoint
ALTER TABLE "profile" DROP COLUMN "profile_picture_url";--> statement-breakpoint
-- An account made by any path (signing up, the admin command, a restore) gets a company of its own,
-- with itself as its owner, in the same transaction. A restore, which writes the archive's companies
-- and members itself, says so with the setting meshwork.restoring.
CREATE FUNCTION give_new_user_a_company() RETURNS trigger AS $$
DECLARE
	new_company uuid;
BEGIN
	IF current_setting('meshwork.restoring', true) = 'on' THEN RETURN NULL; END IF;
	INSERT INTO "company" DEFAULT VALUES RETURNING "id" INTO new_company;
	INSERT INTO "company_member" ("company_id", "user_id", "role") VALUES (new_company, NEW."id", 'owner');
	RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_gets_a_company AFTER INSERT ON "user" FOR EACH ROW EXECUTE FUNCTION give_new_user_a_company();
--> statement-breakpoint
-- A membership added, changed or removed changes what its person may do at once: the cache of
-- resolved sessions and tokens forgets them (notify_actor_changed reads the row's user_id).
CREATE TRIGGER company_member_actor_changed AFTER INSERT OR UPDATE OR DELETE ON "company_member" FOR EACH ROW EXECUTE FUNCTION notify_actor_changed();

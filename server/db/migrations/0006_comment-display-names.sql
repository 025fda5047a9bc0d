-- Comments are shown under a display name the server sets: the commenter's nickname, else given and
-- family name, else "Client". Comments stored before carried free text, by default the commenter's
-- email address; they get the same display name, so no stored comment shows an email any more.
UPDATE "comment" SET "author" = COALESCE(
	(SELECT NULLIF(btrim(p."nickname"), '') FROM "profile" p WHERE p."user_id" = "comment"."user_id"),
	(SELECT NULLIF(btrim(concat_ws(' ', NULLIF(btrim(p."given_name"), ''), NULLIF(btrim(p."family_name"), ''))), '') FROM "profile" p WHERE p."user_id" = "comment"."user_id"),
	'Client'
) WHERE "user_id" IS NOT NULL;--> statement-breakpoint
UPDATE "comment" SET "author" = 'Client' WHERE "user_id" IS NULL AND "author" LIKE '%@%';

CREATE TABLE "sign_in_delay" (
	"account" text NOT NULL,
	"client_ip" text NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone,
	CONSTRAINT "sign_in_delay_account_client_ip_pk" PRIMARY KEY("account","client_ip")
);
--> statement-breakpoint
-- API tokens end with the password or the email they were minted under: a new password (change,
-- reset, or set when the address is first proven) or a new email deletes every token of the account,
-- whatever code path wrote it.
CREATE OR REPLACE FUNCTION revoke_api_tokens_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'account' THEN
    DELETE FROM api_token WHERE user_id = NEW.user_id;
  ELSE
    DELETE FROM api_token WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_token_revoke_on_password_update AFTER UPDATE OF password ON account FOR EACH ROW WHEN (OLD.password IS DISTINCT FROM NEW.password) EXECUTE FUNCTION revoke_api_tokens_of_user();
--> statement-breakpoint
CREATE TRIGGER api_token_revoke_on_password_insert AFTER INSERT ON account FOR EACH ROW WHEN (NEW.password IS NOT NULL) EXECUTE FUNCTION revoke_api_tokens_of_user();
--> statement-breakpoint
CREATE TRIGGER api_token_revoke_on_email_update AFTER UPDATE OF email ON "user" FOR EACH ROW WHEN (OLD.email IS DISTINCT FROM NEW.email) EXECUTE FUNCTION revoke_api_tokens_of_user();
--> statement-breakpoint
-- Tokens made before tokens had a default lifetime get one from now.
UPDATE api_token SET expires_at = now() + interval '90 days' WHERE expires_at IS NULL;

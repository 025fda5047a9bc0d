-- Announces every committed change that can alter who a session cookie or an API token stands for
-- (the user row: groups, email, verification; a session ended or changed; a token revoked), with the
-- user's id, on the channel actor_changed. Each instance's cache of resolved sessions and tokens
-- forgets that user when it hears it, whichever process or instance made the change.
CREATE FUNCTION notify_actor_changed() RETURNS trigger AS $$
DECLARE
	changed record;
BEGIN
	IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
	IF TG_TABLE_NAME = 'user' THEN
		PERFORM pg_notify('actor_changed', changed.id);
	ELSE
		PERFORM pg_notify('actor_changed', changed.user_id);
	END IF;
	RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER user_actor_changed AFTER UPDATE OR DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION notify_actor_changed();
--> statement-breakpoint
CREATE TRIGGER session_actor_changed AFTER UPDATE OR DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION notify_actor_changed();
--> statement-breakpoint
CREATE TRIGGER api_token_actor_changed AFTER UPDATE OR DELETE ON "api_token" FOR EACH ROW EXECUTE FUNCTION notify_actor_changed();

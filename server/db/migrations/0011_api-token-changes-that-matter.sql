-- A token's row announces actor_changed only when what it stands for can change: the token removed,
-- or its owner, hash or expiry changed. Its name and the time it was last used (written at most once
-- a minute while a script uses it) change nothing a cache holds, and announcing them made every
-- instance forget all of that user's resolved sessions and tokens.
DROP TRIGGER api_token_actor_changed ON "api_token";
--> statement-breakpoint
CREATE TRIGGER api_token_actor_changed AFTER UPDATE OF user_id, token_hash, expires_at OR DELETE ON "api_token" FOR EACH ROW EXECUTE FUNCTION notify_actor_changed();

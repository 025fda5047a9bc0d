-- Wakes the outbox workers (LISTEN outbox) as soon as a transaction that enqueued a message commits.
-- NOTIFY inside a transaction is delivered at commit, and only then; a rolled-back enqueue wakes no one.
CREATE OR REPLACE FUNCTION outbox_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('outbox', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER outbox_notify_after_insert AFTER INSERT ON outbox FOR EACH STATEMENT EXECUTE FUNCTION outbox_notify();

ALTER TABLE "job_release" ADD COLUMN "transmittal_pdf" "bytea";--> statement-breakpoint
-- A release's transmittal is kept as it was issued: once stored, the database refuses to change it.
CREATE FUNCTION refuse_changing_a_kept_transmittal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.transmittal_pdf IS NOT NULL AND NEW.transmittal_pdf IS DISTINCT FROM OLD.transmittal_pdf THEN
    RAISE EXCEPTION 'a release''s transmittal cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER job_release_transmittal_is_final BEFORE UPDATE ON "job_release" FOR EACH ROW EXECUTE FUNCTION refuse_changing_a_kept_transmittal();

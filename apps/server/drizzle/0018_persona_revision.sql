CREATE SEQUENCE IF NOT EXISTS "personas_revision_seq";--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "revision" bigint DEFAULT nextval('personas_revision_seq') NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "personas_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := nextval('personas_revision_seq');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "personas_revision" BEFORE UPDATE ON "personas" FOR EACH ROW EXECUTE FUNCTION "personas_bump_revision"();

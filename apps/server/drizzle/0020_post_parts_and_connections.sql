-- A post is a list of parts (packages/core PostPart): each text written before becomes a part with that text alone.
UPDATE "posts" SET "parts" = (
  SELECT jsonb_agg(
    CASE WHEN jsonb_typeof(part) = 'string'
      THEN jsonb_build_object('text', part, 'media', '[]'::jsonb, 'link', 'null'::jsonb, 'langs', '[]'::jsonb)
      ELSE part
    END ORDER BY position)
  FROM jsonb_array_elements("parts") WITH ORDINALITY AS t(part, position)
)
WHERE jsonb_typeof("parts") = 'array'
  AND EXISTS (SELECT 1 FROM jsonb_array_elements("parts") AS e(part) WHERE jsonb_typeof(part) = 'string');
--> statement-breakpoint
-- The connection state lives in platform_accounts alone: a persona's connected_accounts is read from it.
ALTER TABLE "personas" DROP COLUMN "connected_accounts";--> statement-breakpoint
-- What a persona shows of its connections changed: its revision moves, so GET /api/personas' cache
-- (keyed by the user's highest revision, decision 024) reads the list again.
CREATE OR REPLACE FUNCTION "platform_accounts_bump_persona_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "personas" SET "revision" = nextval('personas_revision_seq') WHERE "id" = OLD."persona_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."persona_id" IS DISTINCT FROM OLD."persona_id") THEN
    UPDATE "personas" SET "revision" = nextval('personas_revision_seq') WHERE "id" = NEW."persona_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "platform_accounts_persona_revision"
  AFTER INSERT OR DELETE OR UPDATE OF "persona_id", "platform", "username", "status", "followers", "connected_at", "last_sync_at"
  ON "platform_accounts" FOR EACH ROW EXECUTE FUNCTION "platform_accounts_bump_persona_revision"();

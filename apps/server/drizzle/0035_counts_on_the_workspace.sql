ALTER TABLE "workspaces" ADD COLUMN "personas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "active_personas" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "workspaces" SET
  "personas" = (SELECT count(*) FROM "personas" p WHERE p."workspace_id" = "workspaces"."id"),
  "active_personas" = (SELECT count(*) FROM "personas" p WHERE p."workspace_id" = "workspaces"."id" AND p."is_active");--> statement-breakpoint
CREATE OR REPLACE FUNCTION "personas_count_on_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."workspace_id" = NEW."workspace_id" THEN
    UPDATE "workspaces" SET "active_personas" = "active_personas" + NEW."is_active"::int - OLD."is_active"::int
      WHERE "id" = NEW."workspace_id";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "workspaces" SET "personas" = "personas" - 1, "active_personas" = "active_personas" - OLD."is_active"::int
      WHERE "id" = OLD."workspace_id";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE "workspaces" SET "personas" = "personas" + 1, "active_personas" = "active_personas" + NEW."is_active"::int
      WHERE "id" = NEW."workspace_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "personas_count" AFTER INSERT OR DELETE ON "personas" FOR EACH ROW EXECUTE FUNCTION "personas_count_on_workspace"();--> statement-breakpoint
CREATE TRIGGER "personas_count_changed" AFTER UPDATE OF "is_active", "workspace_id" ON "personas" FOR EACH ROW
  WHEN (OLD."is_active" IS DISTINCT FROM NEW."is_active" OR OLD."workspace_id" IS DISTINCT FROM NEW."workspace_id")
  EXECUTE FUNCTION "personas_count_on_workspace"();

CREATE TABLE "workspace_invites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_invites_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "workspace_members" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_members_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"needs_approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint

-- Each user's personal workspace has their id: every user_id renamed below is already its workspace's id (decision 055).
INSERT INTO "workspaces" ("id", "name", "plan", "created_at", "updated_at")
  SELECT "id", 'Personal', "plan", "created_at", now() FROM "users";--> statement-breakpoint
INSERT INTO "workspace_members" ("workspace_id", "user_id", "role", "created_at")
  SELECT "id", "id", 'owner', "created_at" FROM "users";--> statement-breakpoint
ALTER TABLE "ai_settings" DROP CONSTRAINT "ai_settings_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "ai_settings" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "in_app_notifications" DROP CONSTRAINT "in_app_notifications_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "in_app_notifications" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "in_app_notifications" ADD CONSTRAINT "in_app_notifications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" DROP CONSTRAINT "media_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "media" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_dismissals" DROP CONSTRAINT "opportunity_dismissals_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "opportunity_dismissals" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "opportunity_dismissals" ADD CONSTRAINT "opportunity_dismissals_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personas" DROP CONSTRAINT "personas_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "personas" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" DROP CONSTRAINT "tags_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "tags" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT "webhook_endpoints_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "webhook_events" RENAME COLUMN "user_id" TO "workspace_id";--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_dismissals" RENAME CONSTRAINT "opportunity_dismissals_user_id_key_pk" TO "opportunity_dismissals_workspace_id_key_pk";--> statement-breakpoint
ALTER INDEX "in_app_notifications_user_idx" RENAME TO "in_app_notifications_workspace_idx";--> statement-breakpoint
ALTER INDEX "media_user_idx" RENAME TO "media_workspace_idx";--> statement-breakpoint
ALTER INDEX "personas_user_id_idx" RENAME TO "personas_workspace_idx";--> statement-breakpoint
ALTER INDEX "tags_user_name_idx" RENAME TO "tags_workspace_name_idx";--> statement-breakpoint
ALTER INDEX "webhook_endpoints_user_idx" RENAME TO "webhook_endpoints_workspace_idx";--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "workspace_id" text;--> statement-breakpoint
UPDATE "api_tokens" SET "workspace_id" = "user_id";--> statement-breakpoint
ALTER TABLE "api_tokens" ALTER COLUMN "workspace_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_invites" ADD CONSTRAINT "workspace_invites_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_members" ADD CONSTRAINT "workspace_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workspace_invites_workspace_idx" ON "workspace_invites" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "workspace_members_user_idx" ON "workspace_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_members_one_owner_idx" ON "workspace_members" USING btree ("workspace_id") WHERE role = 'owner';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "plan";

CREATE TABLE "post_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigserial NOT NULL,
	"actor_user_id" text,
	"actor_kind" text NOT NULL,
	"action" text NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "unreviewed_by" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approved_by" text;--> statement-breakpoint
ALTER TABLE "user_preferences" ADD COLUMN "email_approval_waiting" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "post_history" ADD CONSTRAINT "post_history_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_history" ADD CONSTRAINT "post_history_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_history_post_idx" ON "post_history" USING btree ("post_id","seq");--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_unreviewed_by_users_id_fk" FOREIGN KEY ("unreviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
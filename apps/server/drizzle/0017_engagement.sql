CREATE TABLE "mention_cursors" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"cursor" text,
	"checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "mention_reads" (
	"account_id" uuid NOT NULL,
	"persona_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"day" text NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mention_reads_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "mentions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"persona_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"author_id" text NOT NULL,
	"author_handle" text NOT NULL,
	"text" text NOT NULL,
	"url" text,
	"ref" jsonb NOT NULL,
	"thread_id" text NOT NULL,
	"decision" text DEFAULT 'waiting' NOT NULL,
	"reason" text,
	"post_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_actions" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "automation_actions" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_log" ADD COLUMN "platform" text;--> statement-breakpoint
ALTER TABLE "automation_log" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "automation_log" ADD COLUMN "action_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "reply_to" jsonb;--> statement-breakpoint
ALTER TABLE "mention_cursors" ADD CONSTRAINT "mention_cursors_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_reads" ADD CONSTRAINT "mention_reads_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mention_reads" ADD CONSTRAINT "mention_reads_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentions" ADD CONSTRAINT "mentions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mentions_account_external_idx" ON "mentions" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "mentions_persona_idx" ON "mentions" USING btree ("persona_id","created_at");--> statement-breakpoint
ALTER TABLE "automation_log" ADD CONSTRAINT "automation_log_action_id_automation_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."automation_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_actions_subject_idx" ON "automation_actions" USING btree ("persona_id","kind","platform","subject") WHERE subject is not null;--> statement-breakpoint
UPDATE "personas" SET "automation" = jsonb_set("automation", '{autoReplies}', ("automation" -> 'autoReplies') || '{"publishWithoutReview": false, "xCheckMinutes": 15}'::jsonb) WHERE NOT (("automation" -> 'autoReplies') ? 'xCheckMinutes');

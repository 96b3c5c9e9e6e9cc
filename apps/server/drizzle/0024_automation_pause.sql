ALTER TABLE "personas" ADD COLUMN "automation_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "automation_pause_reason" text;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "automation_pause_message" text;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "automation_pause_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "reply_rejections" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD COLUMN "action_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "gone_at" timestamp with time zone;
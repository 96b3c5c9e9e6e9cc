ALTER TABLE "platform_accounts" ADD COLUMN "attention_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
-- Outcomes and broken connections from before notifications existed are not mailed now.
UPDATE "posts" SET "notified_at" = now() WHERE "status" IN ('posted', 'failed', 'unconfirmed');--> statement-breakpoint
UPDATE "platform_accounts" SET "attention_notified_at" = now() WHERE "status" = 'error';

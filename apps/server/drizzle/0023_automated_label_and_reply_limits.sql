ALTER TABLE "platform_accounts" ADD COLUMN "automated_label" boolean;--> statement-breakpoint
UPDATE "personas" SET "automation" = jsonb_set("automation", '{safety}', ("automation" -> 'safety') || '{"labelAutomated": true, "whoCanReply": "everyone"}'::jsonb) WHERE NOT (("automation" -> 'safety') ? 'whoCanReply');

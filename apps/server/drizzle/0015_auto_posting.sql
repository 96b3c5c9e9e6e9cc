CREATE TABLE "automation_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"persona_id" uuid NOT NULL,
	"event" text NOT NULL,
	"message" text NOT NULL,
	"slot" timestamp with time zone,
	"post_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "auto_slot" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "writer" text;--> statement-breakpoint
ALTER TABLE "source_items" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_log" ADD CONSTRAINT "automation_log_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_log" ADD CONSTRAINT "automation_log_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_log_persona_idx" ON "automation_log" USING btree ("persona_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_log_skip_idx" ON "automation_log" USING btree ("persona_id","slot","event") WHERE event = 'skipped';--> statement-breakpoint
CREATE UNIQUE INDEX "posts_auto_slot_idx" ON "posts" USING btree ("persona_id","platform","auto_slot") WHERE auto_slot is not null;
CREATE TABLE "source_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"persona_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"title" text NOT NULL,
	"link" text,
	"published_at" timestamp with time zone,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "source_items" ADD CONSTRAINT "source_items_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "source_items_unique_idx" ON "source_items" USING btree ("persona_id","source_url","title");--> statement-breakpoint
CREATE INDEX "source_items_recent_idx" ON "source_items" USING btree ("persona_id","fetched_at");
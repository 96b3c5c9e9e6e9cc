CREATE TABLE "source_checks" (
	"persona_id" uuid NOT NULL,
	"source_url" text NOT NULL,
	"etag" text,
	"last_modified" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"failing_told_at" timestamp with time zone,
	CONSTRAINT "source_checks_persona_id_source_url_pk" PRIMARY KEY("persona_id","source_url")
);
--> statement-breakpoint
ALTER TABLE "source_checks" ADD CONSTRAINT "source_checks_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "source_checks_due_idx" ON "source_checks" USING btree ("next_check_at");
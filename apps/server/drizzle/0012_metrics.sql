CREATE TABLE "account_snapshots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"persona_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"followers" integer NOT NULL,
	"following" integer NOT NULL,
	"posts" integer NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_metrics" (
	"account_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"persona_id" uuid NOT NULL,
	"platform" text NOT NULL,
	"post_id" uuid,
	"text" text NOT NULL,
	"url" text,
	"posted_at" timestamp with time zone NOT NULL,
	"likes" integer NOT NULL,
	"reposts" integer NOT NULL,
	"replies" integer NOT NULL,
	"quotes" integer NOT NULL,
	"impressions" integer,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_metrics_account_id_external_id_pk" PRIMARY KEY("account_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "platform_accounts" ADD COLUMN "metrics_read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_snapshots" ADD CONSTRAINT "account_snapshots_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_account_id_platform_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."platform_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metrics" ADD CONSTRAINT "post_metrics_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_snapshots_account_read_idx" ON "account_snapshots" USING btree ("account_id","read_at");--> statement-breakpoint
CREATE INDEX "account_snapshots_persona_read_idx" ON "account_snapshots" USING btree ("persona_id","read_at");--> statement-breakpoint
CREATE INDEX "post_metrics_persona_posted_idx" ON "post_metrics" USING btree ("persona_id","posted_at");
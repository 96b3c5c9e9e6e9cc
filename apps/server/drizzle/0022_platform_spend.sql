CREATE TABLE "platform_spend" (
	"platform" text NOT NULL,
	"account_id" text NOT NULL,
	"span_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"meter" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "platform_spend_platform_account_id_span_minutes_starts_at_meter_pk" PRIMARY KEY("platform","account_id","span_minutes","starts_at","meter")
);
--> statement-breakpoint
CREATE INDEX "platform_spend_span_starts_idx" ON "platform_spend" USING btree ("span_minutes","starts_at");
CREATE TABLE "opportunity_dismissals" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"through" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_dismissals_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "opportunity_dismissals" ADD CONSTRAINT "opportunity_dismissals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
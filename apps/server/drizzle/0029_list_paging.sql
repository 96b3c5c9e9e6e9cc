DROP INDEX "in_app_notifications_user_idx";--> statement-breakpoint
CREATE INDEX "posts_status_created_idx" ON "posts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "posts_own_time_idx" ON "posts" USING btree ("persona_id",coalesce(scheduled_for, posted_at, created_at),"id");--> statement-breakpoint
CREATE INDEX "in_app_notifications_user_idx" ON "in_app_notifications" USING btree ("user_id","created_at","id");
-- Geofences as polygons on sites, a GPS accuracy threshold per task, and per answer the location status the geofence gave it and a supervisor's override (who, when, why). Answers given before carry no status; their outside flag stands.
ALTER TABLE "teams" ADD COLUMN "polygon" jsonb;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "accuracy_threshold" integer;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "location_status" text;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "overridden_by" bigint;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "overridden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_overridden_by_users_id_fk" FOREIGN KEY ("overridden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
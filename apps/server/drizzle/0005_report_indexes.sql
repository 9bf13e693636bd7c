DROP INDEX "action_results_business_created_idx";--> statement-breakpoint
DROP INDEX "schedules_business_start_idx";--> statement-breakpoint
CREATE INDEX "action_results_business_created_report_idx" ON "action_results" USING btree ("business_id","created_date","id","action_id","team_id","user_id","task_id","outside","is_flagged");--> statement-breakpoint
CREATE INDEX "schedules_business_start_report_idx" ON "schedules" USING btree ("business_id","start","id","status","user_id","team_id","task_id","plan_id");--> statement-breakpoint
CREATE INDEX "schedules_business_open_start_idx" ON "schedules" USING btree ("business_id","start","deadline","team_id","user_id") WHERE status in ('pending', 'inProgress');
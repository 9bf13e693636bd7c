CREATE UNIQUE INDEX "execution_plans_schedule_key" ON "execution_plans" USING btree ("id","business_id","task_id","user_id");--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_business_id_businesses_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_plan_id_execution_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_task_id_tasks_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_plan_fk" FOREIGN KEY ("plan_id","business_id","task_id","user_id") REFERENCES "public"."execution_plans"("id","business_id","task_id","user_id") ON DELETE cascade ON UPDATE no action;

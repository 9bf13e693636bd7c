CREATE TABLE "action_results" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "action_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"schedule_id" bigint NOT NULL,
	"action_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"value" jsonb,
	"notes" text,
	"file_key" text,
	"voice_key" text,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"distance" double precision,
	"outside" boolean DEFAULT false NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"status_code" text,
	"ticket_id" bigint,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "execution_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "execution_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint,
	"parent_id" bigint,
	"schedule_type" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"deadline_after" integer NOT NULL,
	"deadline_unit" text NOT NULL,
	"duration" integer,
	"days" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"months" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"paused" boolean DEFAULT false NOT NULL,
	"active_from" date,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canceled" boolean DEFAULT false NOT NULL,
	"creator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"plan_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"end" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_results" ADD CONSTRAINT "action_results_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_parent_id_execution_plans_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."execution_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_plan_id_execution_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."execution_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_results_schedule_idx" ON "action_results" USING btree ("schedule_id","action_id","id");--> statement-breakpoint
CREATE INDEX "action_results_business_created_idx" ON "action_results" USING btree ("business_id","created_date","id");--> statement-breakpoint
CREATE INDEX "action_results_business_user_action_idx" ON "action_results" USING btree ("business_id","user_id","action_id","created_date");--> statement-breakpoint
CREATE INDEX "action_results_business_task_created_idx" ON "action_results" USING btree ("business_id","task_id","created_date");--> statement-breakpoint
CREATE INDEX "action_results_flagged_idx" ON "action_results" USING btree ("business_id","created_date") WHERE is_flagged;--> statement-breakpoint
CREATE INDEX "execution_plans_business_task_idx" ON "execution_plans" USING btree ("business_id","task_id","id");--> statement-breakpoint
CREATE INDEX "execution_plans_parent_idx" ON "execution_plans" USING btree ("parent_id","id");--> statement-breakpoint
CREATE INDEX "execution_plans_business_team_user_idx" ON "execution_plans" USING btree ("business_id","team_id","user_id");--> statement-breakpoint
CREATE INDEX "execution_plans_business_user_idx" ON "execution_plans" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_plan_user_start_key" ON "schedules" USING btree ("plan_id","user_id","start");--> statement-breakpoint
CREATE INDEX "schedules_business_start_idx" ON "schedules" USING btree ("business_id","start","id");--> statement-breakpoint
CREATE INDEX "schedules_business_user_start_idx" ON "schedules" USING btree ("business_id","user_id","start");--> statement-breakpoint
CREATE INDEX "schedules_business_team_start_idx" ON "schedules" USING btree ("business_id","team_id","start");--> statement-breakpoint
CREATE INDEX "schedules_business_task_start_idx" ON "schedules" USING btree ("business_id","task_id","start");--> statement-breakpoint
CREATE INDEX "schedules_open_deadline_idx" ON "schedules" USING btree ("deadline") WHERE status in ('pending', 'inProgress');
CREATE TABLE "task_sections" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_sections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"order" integer NOT NULL,
	"name_en" text,
	"name_ar" text,
	"description_en" text,
	"description_ar" text,
	"criteria" jsonb,
	"base_action_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "task_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"number" integer NOT NULL,
	"hash" text NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_scores" (
	"schedule_id" bigint PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"version_id" bigint NOT NULL,
	"achieved" double precision NOT NULL,
	"possible" double precision NOT NULL,
	"percent" double precision,
	"passed" boolean,
	"failed" jsonb NOT NULL,
	"sections" jsonb NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_results" DROP CONSTRAINT "action_results_action_id_actions_id_fk";
--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "section_id" bigint;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "weight" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "settings" jsonb;--> statement-breakpoint
ALTER TABLE "actions" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "pass_mark" double precision;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "task_version_id" bigint;--> statement-breakpoint
ALTER TABLE "task_sections" ADD CONSTRAINT "task_sections_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sections" ADD CONSTRAINT "task_sections_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_sections" ADD CONSTRAINT "task_sections_base_action_id_actions_id_fk" FOREIGN KEY ("base_action_id") REFERENCES "public"."actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_versions" ADD CONSTRAINT "task_versions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_versions" ADD CONSTRAINT "task_versions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_scores" ADD CONSTRAINT "schedule_scores_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_sections_task_order_idx" ON "task_sections" USING btree ("task_id","order","id");--> statement-breakpoint
CREATE INDEX "task_sections_business_idx" ON "task_sections" USING btree ("business_id","id");--> statement-breakpoint
CREATE INDEX "task_sections_base_action_idx" ON "task_sections" USING btree ("base_action_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_versions_task_hash_key" ON "task_versions" USING btree ("task_id","hash");--> statement-breakpoint
CREATE UNIQUE INDEX "task_versions_task_number_key" ON "task_versions" USING btree ("task_id","number");--> statement-breakpoint
CREATE INDEX "schedule_scores_business_task_idx" ON "schedule_scores" USING btree ("business_id","task_id","scored_at");--> statement-breakpoint
ALTER TABLE "actions" ADD CONSTRAINT "actions_section_id_task_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."task_sections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "actions_section_idx" ON "actions" USING btree ("section_id");
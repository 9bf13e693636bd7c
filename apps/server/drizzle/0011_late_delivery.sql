-- Late delivery (answers kept in the device's outbox and delivered later). An answer records when
-- it was captured beside when it arrived, whether it arrived at or after its schedule's deadline,
-- and whether it is held (kept, never counted). Schedules a plan change removes are remembered
-- (removed_schedules), so that an answer to one arriving later is kept in held_answers.
CREATE TABLE "held_answers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "held_answers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"schedule_id" bigint NOT NULL,
	"action_id" bigint NOT NULL,
	"value" jsonb,
	"notes" text,
	"important" boolean DEFAULT false NOT NULL,
	"file_key" text,
	"voice_key" text,
	"latitude" double precision,
	"longitude" double precision,
	"accuracy" double precision,
	"captured_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "removed_schedules" (
	"id" bigint PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "captured_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "held" text;--> statement-breakpoint
-- The answers so far were captured when they arrived. The report rollups count none of these
-- columns, so their trigger is left out of the backfill rather than fed every row twice.
ALTER TABLE "action_results" DISABLE TRIGGER "action_results_rollup_update";--> statement-breakpoint
UPDATE "action_results" r SET "captured_at" = r."created_date", "late" = r."created_date" >= s."deadline" FROM "schedules" s WHERE s."id" = r."schedule_id";--> statement-breakpoint
ALTER TABLE "action_results" ENABLE TRIGGER "action_results_rollup_update";--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "held_answers" ADD CONSTRAINT "held_answers_action_id_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_schedules" ADD CONSTRAINT "removed_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "removed_schedules" ADD CONSTRAINT "removed_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "held_answers_business_created_idx" ON "held_answers" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "removed_schedules_business_deadline_idx" ON "removed_schedules" USING btree ("business_id","deadline");
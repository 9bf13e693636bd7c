-- Pooled plans and cover (DESIGN §6, schema-schedules.ts). A pooled plan is a group plan whose
-- occurrences are one schedule each, open to the pool (the site's members, or the members its
-- children name), with no member until one takes it. A member's schedule can move to a colleague
-- who covers it (cover_requests keeps who had it, who asked, who covered and when).
--
-- A schedule's member is then no longer always its plan's: the foreign key to the plan checks
-- business, task and plan group only, and one key per plan and start (whoever holds the
-- schedule) keeps the engine idempotent for pooled and covered schedules alike. The member of a
-- schedule has no key of its own (the engine writes millions of rows, and a check per row costs
-- as much as the row): members are deleted only with their business, or as stand-ins after every
-- row naming them has passed to their own account (stand-in.repository.ts), and take and cover
-- check the member in the site in their own transaction.
ALTER TABLE "execution_plans" ADD COLUMN "pooled" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_plan_fk";
--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
DROP INDEX "execution_plans_schedule_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "execution_plans_schedule_key" ON "execution_plans" USING btree ("id","business_id","task_id","group_id");
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_plan_fk" FOREIGN KEY ("plan_id","business_id","task_id","group_id") REFERENCES "public"."execution_plans"("id","business_id","task_id","group_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_plan_start_key" ON "schedules" USING btree ("plan_id","start");
--> statement-breakpoint
DROP INDEX "schedules_plan_user_start_key";
--> statement-breakpoint
-- The pooled schedules still open to a site's members, for their tracker.
CREATE INDEX "schedules_business_team_untaken_idx" ON "schedules" USING btree ("business_id","team_id","start") WHERE "user_id" IS NULL;
--> statement-breakpoint
CREATE TABLE "cover_requests" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cover_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"schedule_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"requester_id" bigint NOT NULL,
	"reason" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"cover_id" bigint,
	"decided_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cover_requests_status_check" CHECK ("status" IN ('OPEN', 'ACCEPTED', 'ASSIGNED', 'WITHDRAWN'))
);
--> statement-breakpoint
ALTER TABLE "cover_requests" ADD CONSTRAINT "cover_requests_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cover_requests" ADD CONSTRAINT "cover_requests_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cover_requests" ADD CONSTRAINT "cover_requests_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cover_requests" ADD CONSTRAINT "cover_requests_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cover_requests" ADD CONSTRAINT "cover_requests_cover_id_users_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "cover_requests" ADD CONSTRAINT "cover_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- One open request per schedule at a time; the closed ones are its history.
CREATE UNIQUE INDEX "cover_requests_open_key" ON "cover_requests" USING btree ("schedule_id") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "cover_requests_business_team_idx" ON "cover_requests" USING btree ("business_id","team_id","status","id");
--> statement-breakpoint
CREATE INDEX "cover_requests_schedule_idx" ON "cover_requests" USING btree ("schedule_id","id");
--> statement-breakpoint
-- The rollups by member count a schedule under its member: an untaken pooled schedule has none,
-- and is counted by site, task and plan group only. A schedule that changes member (taken,
-- covered) already moves its counts: an update's old rows are taken away and its new ones added.
-- The two functions are edited where they are, whatever the migrations before this one made of
-- them, and this fails loudly should the line it edits have changed.
DO $$
DECLARE
  fn text;
  target text;
  edited text;
BEGIN
  FOREACH fn IN ARRAY ARRAY['report_schedules_changed()', 'report_rollups_rebuild(bigint)'] LOOP
    SELECT pg_get_functiondef(fn::regprocedure) INTO target;
    edited := replace(replace(target,
      'from d group by 1, 2, 3, 4', 'from d where user_id is not null group by 1, 2, 3, 4'),
      'FROM d GROUP BY day, team_id, user_id', 'FROM d WHERE user_id IS NOT NULL GROUP BY day, team_id, user_id');
    IF edited = target THEN
      RAISE EXCEPTION 'pooled schedules: % no longer groups members as expected', fn;
    END IF;
    EXECUTE edited;
  END LOOP;
END
$$;

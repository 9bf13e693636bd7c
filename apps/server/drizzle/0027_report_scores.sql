-- Scores rolled up like completion (DESIGN §13; schema-rollups.ts). Each schedule's kept score
-- (schedule_scores) is summed by the local day, ten days and month of its schedule's start, by
-- site, task and plan group and by site and member: how many have a percentage, the sum of those
-- percentages (numeric, so a score taken away leaves nothing behind), and how many passed and
-- failed a pass mark. Triggers on schedule_scores keep the sums in the writing transaction, as
-- those on schedules keep the counts (drizzle/0010). A score copies its schedule's start and plan
-- group beside its member, site and task, since a score deleted with its schedule can no longer
-- read them there; a trigger on schedules keeps the copies equal to the schedule's.
CREATE TABLE "report_scores_by_member" (
	"business_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"percent_sum" numeric DEFAULT '0' NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_scores_by_member_pkey" PRIMARY KEY("business_id","grain","period","team_id","user_id") INCLUDE ("scored","percent_sum","passed","failed")
);
--> statement-breakpoint
CREATE TABLE "report_scores_by_site" (
	"business_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"team_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"scored" integer DEFAULT 0 NOT NULL,
	"percent_sum" numeric DEFAULT '0' NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_scores_by_site_pkey" PRIMARY KEY("business_id","grain","period","team_id","task_id","group_id") INCLUDE ("scored","percent_sum","passed","failed")
);
--> statement-breakpoint
ALTER TABLE "schedule_scores" ADD COLUMN "start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedule_scores" ADD COLUMN "group_id" bigint;--> statement-breakpoint
-- The scores kept so far take their schedule's (a score goes with its schedule, so each has one).
UPDATE "schedule_scores" c SET "start" = s."start", "group_id" = s."group_id", "team_id" = s."team_id", "task_id" = s."task_id", "user_id" = s."user_id"
FROM "schedules" s WHERE s."id" = c."schedule_id";--> statement-breakpoint
ALTER TABLE "schedule_scores" ALTER COLUMN "start" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_scores" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_scores_by_member" ADD CONSTRAINT "report_scores_by_member_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_scores_by_site" ADD CONSTRAINT "report_scores_by_site_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_scores_business_start_report_idx" ON "schedule_scores" USING btree ("business_id","start","team_id","user_id","task_id","group_id","percent","passed");--> statement-breakpoint
-- Each statement's changed scores are summed per key and added in one upsert per table, in key
-- order, as the schedule rollups are. A score rewritten with the same figures changes nothing.
CREATE FUNCTION report_scores_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, team_id, user_id, task_id, group_id, start, percent, passed, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select business_id, team_id, user_id, task_id, group_id, start, percent, passed, -1 as sign from old_rows'
    ELSE 'select business_id, team_id, user_id, task_id, group_id, start, percent, passed, 1 as sign from new_rows
          union all select business_id, team_id, user_id, task_id, group_id, start, percent, passed, -1 as sign from old_rows' END;
BEGIN
  EXECUTE format($sql$
    with d as (
      select x.business_id, x.team_id, x.user_id, x.task_id, x.group_id,
        (x.start at time zone b.time_zone)::date as day,
        case when x.percent is not null then x.sign else 0 end as scored,
        case when x.percent is not null then x.percent::numeric * x.sign else 0 end as percent_sum,
        case when x.passed then x.sign else 0 end as passed,
        case when not x.passed then x.sign else 0 end as failed
      from (%s) x join businesses b on b.id = x.business_id),
    g as (select d.*, grain, report_period(grain, day) as period from d cross join (values ('D'), ('T'), ('M')) grains(grain)),
    by_member as (
      insert into report_scores_by_member as t (business_id, grain, period, team_id, user_id, scored, percent_sum, passed, failed)
      select business_id, grain, period, team_id, user_id, sum(scored), sum(percent_sum), sum(passed), sum(failed)
      from g group by 1, 2, 3, 4, 5
      having (sum(scored), sum(percent_sum), sum(passed), sum(failed)) <> (0, 0, 0, 0)
      order by 1, 2, 3, 4, 5
      on conflict (business_id, grain, period, team_id, user_id) do update set scored = t.scored + excluded.scored,
        percent_sum = t.percent_sum + excluded.percent_sum, passed = t.passed + excluded.passed, failed = t.failed + excluded.failed)
    insert into report_scores_by_site as t (business_id, grain, period, team_id, task_id, group_id, scored, percent_sum, passed, failed)
    select business_id, grain, period, team_id, task_id, group_id, sum(scored), sum(percent_sum), sum(passed), sum(failed)
    from g group by 1, 2, 3, 4, 5, 6
    having (sum(scored), sum(percent_sum), sum(passed), sum(failed)) <> (0, 0, 0, 0)
    order by 1, 2, 3, 4, 5, 6
    on conflict (business_id, grain, period, team_id, task_id, group_id) do update set scored = t.scored + excluded.scored,
      percent_sum = t.percent_sum + excluded.percent_sum, passed = t.passed + excluded.passed, failed = t.failed + excluded.failed
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER schedule_scores_rollup_insert AFTER INSERT ON schedule_scores REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_scores_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_scores_rollup_update AFTER UPDATE ON schedule_scores REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_scores_changed();
--> statement-breakpoint
CREATE TRIGGER schedule_scores_rollup_delete AFTER DELETE ON schedule_scores REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_scores_changed();
--> statement-breakpoint
-- A schedule whose start, site, task, member or plan group changes (a stand-in handed over, a
-- member leaving a group, a plan's member changed) takes its score along, and the score's rollup
-- rows with it. Only an update that names one of these columns fires it (the engine's status
-- updates do not), and only for a row where one of them changed.
CREATE FUNCTION schedule_scores_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE schedule_scores SET start = NEW.start, team_id = NEW.team_id, task_id = NEW.task_id, user_id = NEW.user_id, group_id = NEW.group_id
  WHERE schedule_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER schedules_scores_follow AFTER UPDATE OF start, team_id, task_id, user_id, group_id ON schedules FOR EACH ROW
WHEN ((OLD.start, OLD.team_id, OLD.task_id, OLD.user_id, OLD.group_id) IS DISTINCT FROM (NEW.start, NEW.team_id, NEW.task_id, NEW.user_id, NEW.group_id))
EXECUTE FUNCTION schedule_scores_follow();
--> statement-breakpoint
-- Recounts a business's score rollups from its kept scores.
CREATE FUNCTION report_scores_rebuild(business bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_scores_by_member WHERE business_id = business;
  DELETE FROM report_scores_by_site WHERE business_id = business;
  WITH d AS (
    SELECT c.team_id, c.user_id, c.task_id, c.group_id, (c.start AT TIME ZONE b.time_zone)::date AS day, c.percent, c.passed
    FROM schedule_scores c JOIN businesses b ON b.id = c.business_id WHERE c.business_id = business),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain)),
  by_member AS (
    INSERT INTO report_scores_by_member (business_id, grain, period, team_id, user_id, scored, percent_sum, passed, failed)
    SELECT business, grain, period, team_id, user_id, count(percent), coalesce(sum(percent::numeric), 0),
      count(*) FILTER (WHERE passed), count(*) FILTER (WHERE NOT passed)
    FROM g GROUP BY grain, period, team_id, user_id)
  INSERT INTO report_scores_by_site (business_id, grain, period, team_id, task_id, group_id, scored, percent_sum, passed, failed)
  SELECT business, grain, period, team_id, task_id, group_id, count(percent), coalesce(sum(percent::numeric), 0),
    count(*) FILTER (WHERE passed), count(*) FILTER (WHERE NOT passed)
  FROM g GROUP BY grain, period, team_id, task_id, group_id;
END
$$;
--> statement-breakpoint
-- The recount after a change of time zone (drizzle/0018's, unchanged) counts the scores too.
CREATE OR REPLACE FUNCTION report_rollups_rebuild(business bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(491344850020);
  DELETE FROM report_schedules_by_member WHERE business_id = business;
  DELETE FROM report_schedules_by_member_to_date WHERE business_id = business;
  DELETE FROM report_schedules_by_member_changes WHERE business_id = business;
  DELETE FROM report_schedules_by_site WHERE business_id = business;
  DELETE FROM report_answers_by_site WHERE business_id = business;
  WITH d AS (
    SELECT s.team_id, s.user_id, s.task_id, s.group_id, (s.start AT TIME ZONE b.time_zone)::date AS day, s.status
    FROM schedules s JOIN businesses b ON b.id = s.business_id WHERE s.business_id = business),
  member_days AS (
    INSERT INTO report_schedules_by_member (business_id, grain, period, team_id, user_id, done, missed, pending, in_progress, total)
    SELECT business, 'D', day, team_id, user_id, count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'missed'),
      count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'inProgress'), count(*)
    FROM d GROUP BY day, team_id, user_id
    RETURNING business_id, period, team_id, user_id, done, missed, pending, in_progress, total),
  member_changes AS (
    INSERT INTO report_schedules_by_member_changes (business_id, day, team_id, user_id, done, missed, pending, in_progress, total)
    SELECT * FROM member_days),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain))
  INSERT INTO report_schedules_by_site (business_id, grain, period, team_id, task_id, group_id, done, missed, pending, in_progress, total)
  SELECT business, grain, period, team_id, task_id, group_id, count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'missed'),
    count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'inProgress'), count(*)
  FROM g GROUP BY grain, period, team_id, task_id, group_id;
  WITH d AS (
    SELECT r.team_id, r.task_id, r.action_id, (r.created_date AT TIME ZONE b.time_zone)::date AS day, r.outside, r.is_flagged, r.late
    FROM action_results r JOIN businesses b ON b.id = r.business_id WHERE r.business_id = business AND r.held IS NULL),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain))
  INSERT INTO report_answers_by_site (business_id, grain, period, team_id, task_id, action_id, answers, flagged, outside, late)
  SELECT business, grain, period, team_id, task_id, action_id, count(*) FILTER (WHERE NOT outside),
    count(*) FILTER (WHERE NOT outside AND is_flagged), count(*) FILTER (WHERE outside), count(*) FILTER (WHERE NOT outside AND late)
  FROM g GROUP BY grain, period, team_id, task_id, action_id;
  PERFORM report_scores_rebuild(business);
  PERFORM report_member_fold(2147483647);
END
$$;
--> statement-breakpoint
SELECT report_scores_rebuild(b.id) FROM businesses b WHERE EXISTS (SELECT 1 FROM schedule_scores c WHERE c.business_id = b.id);

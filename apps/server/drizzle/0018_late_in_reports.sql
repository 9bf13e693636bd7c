-- The answers rollup counts the counted answers the device delivered after their schedule's
-- deadline (late), so the reports show late deliveries from the rollups as they show the rest: the
-- trigger, the recount and the primary key's INCLUDE (index-only scans) carry the new count, and
-- the rows of the late answers already counted are filled in.
ALTER TABLE "report_answers_by_site" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_answers_by_site" DROP CONSTRAINT "report_answers_by_site_pkey";--> statement-breakpoint
ALTER TABLE "report_answers_by_site" ADD CONSTRAINT "report_answers_by_site_pkey" PRIMARY KEY("business_id","grain","period","team_id","task_id","action_id") INCLUDE ("answers","flagged","outside","late");--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, late, 1 as sign from new_rows where held is null'
    WHEN 'DELETE' THEN 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, late, -1 as sign from old_rows where held is null'
    ELSE 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, late, 1 as sign from new_rows where held is null
          union all select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, late, -1 as sign from old_rows where held is null' END;
BEGIN
  EXECUTE format($sql$
    with d as (
      select x.business_id, x.team_id, x.task_id, x.action_id,
        (x.created_date at time zone b.time_zone)::date as day,
        case when not x.outside then x.sign else 0 end as answers,
        case when not x.outside and x.is_flagged then x.sign else 0 end as flagged,
        case when x.outside then x.sign else 0 end as outside,
        case when not x.outside and x.late then x.sign else 0 end as late
      from (%s) x join businesses b on b.id = x.business_id),
    g as (select d.*, grain, report_period(grain, day) as period from d cross join (values ('D'), ('T'), ('M')) grains(grain))
    insert into report_answers_by_site as t (business_id, grain, period, team_id, task_id, action_id, answers, flagged, outside, late)
    select business_id, grain, period, team_id, task_id, action_id, sum(answers), sum(flagged), sum(outside), sum(late)
    from g group by 1, 2, 3, 4, 5, 6
    having (sum(answers), sum(flagged), sum(outside), sum(late)) <> (0, 0, 0, 0)
    order by 1, 2, 3, 4, 5, 6
    on conflict (business_id, grain, period, team_id, task_id, action_id) do update set answers = t.answers + excluded.answers,
      flagged = t.flagged + excluded.flagged, outside = t.outside + excluded.outside, late = t.late + excluded.late
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
  PERFORM report_member_fold(2147483647);
END
$$;
--> statement-breakpoint
WITH d AS (
  SELECT r.business_id, r.team_id, r.task_id, r.action_id, (r.created_date AT TIME ZONE b.time_zone)::date AS day
  FROM action_results r JOIN businesses b ON b.id = r.business_id WHERE r.late AND r.held IS NULL AND NOT r.outside),
g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain)),
c AS (SELECT business_id, grain, period, team_id, task_id, action_id, count(*) AS n FROM g GROUP BY 1, 2, 3, 4, 5, 6)
UPDATE report_answers_by_site t SET late = c.n FROM c
WHERE (t.business_id, t.grain, t.period, t.team_id, t.task_id, t.action_id) = (c.business_id, c.grain, c.period, c.team_id, c.task_id, c.action_id);

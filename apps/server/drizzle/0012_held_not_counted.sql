-- Answers kept but never counted (held: their plan was paused when the device's outbox delivered
-- them) leave the report rollups: the triggers and the recount skip them, and the businesses that
-- already hold such answers are recounted. The latest results list still shows them; it counts
-- them beside the rollups through this partial index.
CREATE INDEX "action_results_held_idx" ON "action_results" USING btree ("business_id","created_date") WHERE held is not null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, 1 as sign from new_rows where held is null'
    WHEN 'DELETE' THEN 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, -1 as sign from old_rows where held is null'
    ELSE 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, 1 as sign from new_rows where held is null
          union all select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, -1 as sign from old_rows where held is null' END;
BEGIN
  EXECUTE format($sql$
    with d as (
      select x.business_id, x.team_id, x.task_id, x.action_id,
        (x.created_date at time zone b.time_zone)::date as day,
        case when not x.outside then x.sign else 0 end as answers,
        case when not x.outside and x.is_flagged then x.sign else 0 end as flagged,
        case when x.outside then x.sign else 0 end as outside
      from (%s) x join businesses b on b.id = x.business_id),
    g as (select d.*, grain, report_period(grain, day) as period from d cross join (values ('D'), ('T'), ('M')) grains(grain))
    insert into report_answers_by_site as t (business_id, grain, period, team_id, task_id, action_id, answers, flagged, outside)
    select business_id, grain, period, team_id, task_id, action_id, sum(answers), sum(flagged), sum(outside)
    from g group by 1, 2, 3, 4, 5, 6
    having (sum(answers), sum(flagged), sum(outside)) <> (0, 0, 0)
    order by 1, 2, 3, 4, 5, 6
    on conflict (business_id, grain, period, team_id, task_id, action_id) do update set answers = t.answers + excluded.answers,
      flagged = t.flagged + excluded.flagged, outside = t.outside + excluded.outside
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollups_rebuild(business bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_schedules_by_member WHERE business_id = business;
  DELETE FROM report_schedules_by_site WHERE business_id = business;
  DELETE FROM report_answers_by_site WHERE business_id = business;
  WITH d AS (
    SELECT s.team_id, s.user_id, s.task_id, s.group_id, (s.start AT TIME ZONE b.time_zone)::date AS day, s.status
    FROM schedules s JOIN businesses b ON b.id = s.business_id WHERE s.business_id = business),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain)),
  by_member AS (
    INSERT INTO report_schedules_by_member (business_id, grain, period, team_id, user_id, done, missed, pending, in_progress, total)
    SELECT business, grain, period, team_id, user_id, count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'missed'),
      count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'inProgress'), count(*)
    FROM g GROUP BY grain, period, team_id, user_id)
  INSERT INTO report_schedules_by_site (business_id, grain, period, team_id, task_id, group_id, done, missed, pending, in_progress, total)
  SELECT business, grain, period, team_id, task_id, group_id, count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'missed'),
    count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'inProgress'), count(*)
  FROM g GROUP BY grain, period, team_id, task_id, group_id;
  WITH d AS (
    SELECT r.team_id, r.task_id, r.action_id, (r.created_date AT TIME ZONE b.time_zone)::date AS day, r.outside, r.is_flagged
    FROM action_results r JOIN businesses b ON b.id = r.business_id WHERE r.business_id = business AND r.held IS NULL),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain))
  INSERT INTO report_answers_by_site (business_id, grain, period, team_id, task_id, action_id, answers, flagged, outside)
  SELECT business, grain, period, team_id, task_id, action_id, count(*) FILTER (WHERE NOT outside),
    count(*) FILTER (WHERE NOT outside AND is_flagged), count(*) FILTER (WHERE outside)
  FROM g GROUP BY grain, period, team_id, task_id, action_id;
END
$$;
--> statement-breakpoint
SELECT report_rollups_rebuild(b.id) FROM businesses b WHERE EXISTS (SELECT 1 FROM action_results r WHERE r.business_id = b.id AND r.held IS NOT NULL);

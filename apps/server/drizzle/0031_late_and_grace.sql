-- A plan's grace window (schema-schedules.ts): answers may finish a schedule up to grace_minutes
-- after its deadline, and a schedule finished so is 'late', a status of its own, counted apart
-- from done and missed in every report. A schedule of such a plan keeps its on-time deadline in
-- due_at and closes at "deadline" (the deadline plus the grace), so everything that judges when a
-- schedule takes answers or is missed reads "deadline" as before; without grace, due_at is null.
ALTER TABLE "execution_plans" ADD COLUMN "grace_minutes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_grace_minutes_check" CHECK ("grace_minutes" BETWEEN 0 AND 1440);
--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "due_at" timestamp with time zone;
--> statement-breakpoint
-- The deadline reminder of a schedule with grace reads its on-time deadline: few rows, a small index.
CREATE INDEX "schedules_open_due_idx" ON "schedules" USING btree ("due_at") WHERE due_at is not null and status in ('pending', 'inProgress');
--> statement-breakpoint
ALTER TABLE "report_schedules_by_member" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_schedules_by_site" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_schedules_by_member_changes" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "report_schedules_by_member_to_date" ADD COLUMN "late" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Each primary key carries the counts, late now among them, so reports stay index-only scans.
ALTER TABLE "report_schedules_by_member" DROP CONSTRAINT "report_schedules_by_member_pkey",
  ADD CONSTRAINT "report_schedules_by_member_pkey" PRIMARY KEY ("business_id","grain","period","team_id","user_id") INCLUDE ("done","late","missed","pending","in_progress","total");
--> statement-breakpoint
ALTER TABLE "report_schedules_by_site" DROP CONSTRAINT "report_schedules_by_site_pkey",
  ADD CONSTRAINT "report_schedules_by_site_pkey" PRIMARY KEY ("business_id","grain","period","team_id","task_id","group_id") INCLUDE ("done","late","missed","pending","in_progress","total");
--> statement-breakpoint
ALTER TABLE "report_schedules_by_member_to_date" DROP CONSTRAINT "report_schedules_by_member_to_date_pkey",
  ADD CONSTRAINT "report_schedules_by_member_to_date_pkey" PRIMARY KEY ("business_id","day","team_id","user_id") INCLUDE ("done","late","missed","pending","in_progress","total");
--> statement-breakpoint
-- drizzle/0014's triggers, counting late schedules too.
CREATE OR REPLACE FUNCTION report_schedules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, team_id, user_id, task_id, group_id, start, status, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select business_id, team_id, user_id, task_id, group_id, start, status, -1 as sign from old_rows'
    ELSE 'select business_id, team_id, user_id, task_id, group_id, start, status, 1 as sign from new_rows
          union all select business_id, team_id, user_id, task_id, group_id, start, status, -1 as sign from old_rows' END;
BEGIN
  EXECUTE format($sql$
    with d as (
      select x.business_id, x.team_id, x.user_id, x.task_id, x.group_id, x.sign,
        (x.start at time zone b.time_zone)::date as day,
        case when x.status = 'done' then x.sign else 0 end as done,
        case when x.status = 'late' then x.sign else 0 end as late,
        case when x.status = 'missed' then x.sign else 0 end as missed,
        case when x.status = 'pending' then x.sign else 0 end as pending,
        case when x.status = 'inProgress' then x.sign else 0 end as in_progress
      from (%s) x join businesses b on b.id = x.business_id),
    member_days as (
      select business_id, day, team_id, user_id, sum(done) as done, sum(late) as late, sum(missed) as missed, sum(pending) as pending,
        sum(in_progress) as in_progress, sum(sign) as total
      from d group by 1, 2, 3, 4
      having (sum(done), sum(late), sum(missed), sum(pending), sum(in_progress), sum(sign)) <> (0, 0, 0, 0, 0, 0)),
    by_member as (
      insert into report_schedules_by_member as t (business_id, grain, period, team_id, user_id, done, late, missed, pending, in_progress, total)
      select business_id, 'D', day, team_id, user_id, done, late, missed, pending, in_progress, total from member_days
      order by business_id, day, team_id, user_id
      on conflict (business_id, grain, period, team_id, user_id) do update set done = t.done + excluded.done, late = t.late + excluded.late,
        missed = t.missed + excluded.missed, pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress,
        total = t.total + excluded.total),
    member_changes as (
      insert into report_schedules_by_member_changes (business_id, day, team_id, user_id, done, late, missed, pending, in_progress, total)
      select business_id, day, team_id, user_id, done, late, missed, pending, in_progress, total from member_days),
    g as (select d.*, grain, report_period(grain, day) as period from d cross join (values ('D'), ('T'), ('M')) grains(grain))
    insert into report_schedules_by_site as t (business_id, grain, period, team_id, task_id, group_id, done, late, missed, pending, in_progress, total)
    select business_id, grain, period, team_id, task_id, group_id, sum(done), sum(late), sum(missed), sum(pending), sum(in_progress), sum(sign)
    from g group by 1, 2, 3, 4, 5, 6
    having (sum(done), sum(late), sum(missed), sum(pending), sum(in_progress), sum(sign)) <> (0, 0, 0, 0, 0, 0)
    order by 1, 2, 3, 4, 5, 6
    on conflict (business_id, grain, period, team_id, task_id, group_id) do update set done = t.done + excluded.done, late = t.late + excluded.late,
      missed = t.missed + excluded.missed, pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress,
      total = t.total + excluded.total
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_member_fold(batch int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  taken int;
BEGIN
  IF NOT pg_try_advisory_xact_lock(491344850020) THEN
    RETURN 0;
  END IF;
  WITH moved AS (
    DELETE FROM report_schedules_by_member_changes
    WHERE ctid = ANY (ARRAY(SELECT ctid FROM report_schedules_by_member_changes ORDER BY business_id, team_id, user_id, day LIMIT batch))
    RETURNING *),
  member_days AS (
    SELECT business_id, team_id, user_id, day, day - (date_part('day', day)::int - 1) AS month,
      sum(done) AS done, sum(late) AS late, sum(missed) AS missed, sum(pending) AS pending, sum(in_progress) AS in_progress, sum(total) AS total
    FROM moved GROUP BY business_id, team_id, user_id, day),
  runs AS (
    SELECT business_id, team_id, user_id, day,
      coalesce(lead(day) OVER w - 1, (month + interval '1 month')::date - 1) AS last_day,
      sum(done) OVER w AS done, sum(late) OVER w AS late, sum(missed) OVER w AS missed, sum(pending) OVER w AS pending,
      sum(in_progress) OVER w AS in_progress, sum(total) OVER w AS total
    FROM member_days
    WINDOW w AS (PARTITION BY business_id, team_id, user_id, month ORDER BY day)),
  added AS (
    INSERT INTO report_schedules_by_member_to_date AS t (business_id, day, team_id, user_id, done, late, missed, pending, in_progress, total)
    SELECT r.business_id, r.day + i, r.team_id, r.user_id, r.done, r.late, r.missed, r.pending, r.in_progress, r.total
    FROM runs r CROSS JOIN LATERAL generate_series(0, r.last_day - r.day) i
    WHERE (r.done, r.late, r.missed, r.pending, r.in_progress, r.total) <> (0, 0, 0, 0, 0, 0)
      AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = r.business_id)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, day, team_id, user_id) DO UPDATE SET done = t.done + excluded.done, late = t.late + excluded.late,
      missed = t.missed + excluded.missed, pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress,
      total = t.total + excluded.total
    RETURNING 1)
  SELECT count(*) INTO taken FROM moved;
  RETURN taken;
END
$$;
--> statement-breakpoint
-- drizzle/0027's recount, counting late schedules too.
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
    INSERT INTO report_schedules_by_member (business_id, grain, period, team_id, user_id, done, late, missed, pending, in_progress, total)
    SELECT business, 'D', day, team_id, user_id, count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'late'),
      count(*) FILTER (WHERE status = 'missed'), count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'inProgress'), count(*)
    FROM d GROUP BY day, team_id, user_id
    RETURNING business_id, period, team_id, user_id, done, late, missed, pending, in_progress, total),
  member_changes AS (
    INSERT INTO report_schedules_by_member_changes (business_id, day, team_id, user_id, done, late, missed, pending, in_progress, total)
    SELECT * FROM member_days),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain))
  INSERT INTO report_schedules_by_site (business_id, grain, period, team_id, task_id, group_id, done, late, missed, pending, in_progress, total)
  SELECT business, grain, period, team_id, task_id, group_id, count(*) FILTER (WHERE status = 'done'), count(*) FILTER (WHERE status = 'late'),
    count(*) FILTER (WHERE status = 'missed'), count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'inProgress'), count(*)
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

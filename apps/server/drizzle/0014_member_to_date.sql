-- Schedules by member, month to date (schema-rollups.ts): a range of days is read as a few rows
-- per member (the day before it, each month's last day in it, and its last day) instead of one
-- per day, ten days and month in it. The schedule triggers keep only the member's days and append
-- each statement's changes to report_schedules_by_member_changes; report_member_fold adds a batch
-- of those to the month-to-date rows and deletes them in one transaction, so a report that adds
-- the changes of its range to the rows it reads is exact before, during and after a fold.
CREATE TABLE "report_schedules_by_member_changes" (
	"business_id" bigint NOT NULL,
	"day" date NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_schedules_by_member_to_date" (
	"business_id" bigint NOT NULL,
	"day" date NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_schedules_by_member_to_date_pkey" PRIMARY KEY("business_id","day","team_id","user_id") INCLUDE ("done","missed","pending","in_progress","total")
);
--> statement-breakpoint
ALTER TABLE "report_schedules_by_member_to_date" ADD CONSTRAINT "report_schedules_by_member_to_date_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_schedules_by_member_changes_member" ON "report_schedules_by_member_changes" USING btree ("business_id","team_id","user_id","day");--> statement-breakpoint
-- The rows of the month-to-date table that make up the days from s to e, with the sign each is
-- counted with: every month's last day in the range (or e), less the day before s when s is
-- not the 1st. In PL/pgSQL so the planner is not shown its inside: it expects a few rows (3),
-- not a generic series of a thousand, and so plans a member list as the small query it is.
CREATE FUNCTION report_to_date_points(s date, e date) RETURNS TABLE (day date, sign int)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 3 AS $$
DECLARE
  month_start date := s - (date_part('day', s)::int - 1);
BEGIN
  IF s > e THEN
    RETURN;
  END IF;
  IF month_start < s THEN
    day := s - 1; sign := -1;
    RETURN NEXT;
  END IF;
  sign := 1;
  WHILE month_start <= e LOOP
    day := least((month_start + interval '1 month')::date - 1, e);
    RETURN NEXT;
    month_start := (month_start + interval '1 month')::date;
  END LOOP;
END
$$;
--> statement-breakpoint
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
        case when x.status = 'missed' then x.sign else 0 end as missed,
        case when x.status = 'pending' then x.sign else 0 end as pending,
        case when x.status = 'inProgress' then x.sign else 0 end as in_progress
      from (%s) x join businesses b on b.id = x.business_id),
    member_days as (
      select business_id, day, team_id, user_id, sum(done) as done, sum(missed) as missed, sum(pending) as pending,
        sum(in_progress) as in_progress, sum(sign) as total
      from d group by 1, 2, 3, 4
      having (sum(done), sum(missed), sum(pending), sum(in_progress), sum(sign)) <> (0, 0, 0, 0, 0)),
    by_member as (
      insert into report_schedules_by_member as t (business_id, grain, period, team_id, user_id, done, missed, pending, in_progress, total)
      select business_id, 'D', day, team_id, user_id, done, missed, pending, in_progress, total from member_days
      order by business_id, day, team_id, user_id
      on conflict (business_id, grain, period, team_id, user_id) do update set done = t.done + excluded.done, missed = t.missed + excluded.missed,
        pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress, total = t.total + excluded.total),
    member_changes as (
      insert into report_schedules_by_member_changes (business_id, day, team_id, user_id, done, missed, pending, in_progress, total)
      select business_id, day, team_id, user_id, done, missed, pending, in_progress, total from member_days),
    g as (select d.*, grain, report_period(grain, day) as period from d cross join (values ('D'), ('T'), ('M')) grains(grain))
    insert into report_schedules_by_site as t (business_id, grain, period, team_id, task_id, group_id, done, missed, pending, in_progress, total)
    select business_id, grain, period, team_id, task_id, group_id, sum(done), sum(missed), sum(pending), sum(in_progress), sum(sign)
    from g group by 1, 2, 3, 4, 5, 6
    having (sum(done), sum(missed), sum(pending), sum(in_progress), sum(sign)) <> (0, 0, 0, 0, 0)
    order by 1, 2, 3, 4, 5, 6
    on conflict (business_id, grain, period, team_id, task_id, group_id) do update set done = t.done + excluded.done, missed = t.missed + excluded.missed,
      pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress, total = t.total + excluded.total
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Adds up to `batch` of the changes to the month-to-date rows and deletes them, in one
-- transaction, and returns how many it took (fewer than `batch`: none are left that it could
-- see). Each member's changes in a month are summed from each changed day to the next, and that
-- running sum is added to every day up to the next changed day (or the month's last): at most one
-- row per member and day of the month, however many changes. A batch takes the changes in
-- member order (their index), so a member's month is seldom split between two batches, each of
-- which would add to the same days up to the month's end. One fold at a time (an advisory
-- lock, "rfold" in ASCII): another caller gets 0 at once. Changes of a business deleted since go.
CREATE FUNCTION report_member_fold(batch int) RETURNS int LANGUAGE plpgsql AS $$
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
      sum(done) AS done, sum(missed) AS missed, sum(pending) AS pending, sum(in_progress) AS in_progress, sum(total) AS total
    FROM moved GROUP BY business_id, team_id, user_id, day),
  runs AS (
    SELECT business_id, team_id, user_id, day,
      coalesce(lead(day) OVER w - 1, (month + interval '1 month')::date - 1) AS last_day,
      sum(done) OVER w AS done, sum(missed) OVER w AS missed, sum(pending) OVER w AS pending,
      sum(in_progress) OVER w AS in_progress, sum(total) OVER w AS total
    FROM member_days
    WINDOW w AS (PARTITION BY business_id, team_id, user_id, month ORDER BY day)),
  added AS (
    INSERT INTO report_schedules_by_member_to_date AS t (business_id, day, team_id, user_id, done, missed, pending, in_progress, total)
    SELECT r.business_id, r.day + i, r.team_id, r.user_id, r.done, r.missed, r.pending, r.in_progress, r.total
    FROM runs r CROSS JOIN LATERAL generate_series(0, r.last_day - r.day) i
    WHERE (r.done, r.missed, r.pending, r.in_progress, r.total) <> (0, 0, 0, 0, 0)
      AND EXISTS (SELECT 1 FROM businesses b WHERE b.id = r.business_id)
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, day, team_id, user_id) DO UPDATE SET done = t.done + excluded.done, missed = t.missed + excluded.missed,
      pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress, total = t.total + excluded.total
    RETURNING 1)
  SELECT count(*) INTO taken FROM moved;
  RETURN taken;
END
$$;
--> statement-breakpoint
-- The recount after a change of time zone: the member's days and the month-to-date rows go with
-- the rest, and the days counted again become changes, folded at once, all in one batch (so each
-- member's month is spread once). It waits for a running fold, so the two never meet.
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
    SELECT r.team_id, r.task_id, r.action_id, (r.created_date AT TIME ZONE b.time_zone)::date AS day, r.outside, r.is_flagged
    FROM action_results r JOIN businesses b ON b.id = r.business_id WHERE r.business_id = business AND r.held IS NULL),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain))
  INSERT INTO report_answers_by_site (business_id, grain, period, team_id, task_id, action_id, answers, flagged, outside)
  SELECT business, grain, period, team_id, task_id, action_id, count(*) FILTER (WHERE NOT outside),
    count(*) FILTER (WHERE NOT outside AND is_flagged), count(*) FILTER (WHERE outside)
  FROM g GROUP BY grain, period, team_id, task_id, action_id;
  PERFORM report_member_fold(2147483647);
END
$$;
--> statement-breakpoint
-- The member's ten days and months are read no more; the days already counted become changes,
-- folded here in one batch.
DELETE FROM report_schedules_by_member WHERE grain <> 'D';
--> statement-breakpoint
INSERT INTO report_schedules_by_member_changes (business_id, day, team_id, user_id, done, missed, pending, in_progress, total)
SELECT business_id, period, team_id, user_id, done, missed, pending, in_progress, total FROM report_schedules_by_member
WHERE (done, missed, pending, in_progress, total) <> (0, 0, 0, 0, 0);
--> statement-breakpoint
SELECT report_member_fold(2147483647);

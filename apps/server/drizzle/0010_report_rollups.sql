-- Report rollups (schema-rollups.ts). Schedules learn their plan's group (kept equal by the
-- foreign key, which cascades a member leaving a group), and triggers keep three rollup tables in
-- step with every insert, update and delete of schedules and answers, in the writing transaction.
-- Each statement's changed rows are summed per key and added in one upsert per table, in key
-- order, so concurrent writers meet the rows they share in the same order. Each key also carries
-- the counts, so a report reads a range of it without visiting the table.
CREATE TABLE "report_answers_by_site" (
	"business_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"team_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"action_id" bigint NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"outside" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_answers_by_site_pkey" PRIMARY KEY("business_id","grain","period","team_id","task_id","action_id") INCLUDE ("answers","flagged","outside")
);
--> statement-breakpoint
CREATE TABLE "report_schedules_by_member" (
	"business_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_schedules_by_member_pkey" PRIMARY KEY("business_id","grain","period","team_id","user_id") INCLUDE ("done","missed","pending","in_progress","total")
);
--> statement-breakpoint
CREATE TABLE "report_schedules_by_site" (
	"business_id" bigint NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"team_id" bigint NOT NULL,
	"task_id" bigint NOT NULL,
	"group_id" bigint NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"in_progress" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_schedules_by_site_pkey" PRIMARY KEY("business_id","grain","period","team_id","task_id","group_id") INCLUDE ("done","missed","pending","in_progress","total")
);
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_plan_fk";
--> statement-breakpoint
DROP INDEX "execution_plans_schedule_key";--> statement-breakpoint
ALTER TABLE "execution_plans" ADD COLUMN "group_id" bigint GENERATED ALWAYS AS (coalesce("execution_plans"."parent_id", "execution_plans"."id")) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "execution_plans_schedule_key" ON "execution_plans" USING btree ("id","business_id","task_id","user_id","group_id");--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "group_id" bigint;--> statement-breakpoint
UPDATE "schedules" s SET "group_id" = p."group_id" FROM "execution_plans" p WHERE p."id" = s."plan_id";--> statement-breakpoint
ALTER TABLE "schedules" ALTER COLUMN "group_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "report_answers_by_site" ADD CONSTRAINT "report_answers_by_site_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules_by_member" ADD CONSTRAINT "report_schedules_by_member_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_schedules_by_site" ADD CONSTRAINT "report_schedules_by_site_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_plan_fk" FOREIGN KEY ("plan_id","business_id","task_id","user_id","group_id") REFERENCES "public"."execution_plans"("id","business_id","task_id","user_id","group_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
-- The period of a local day at a grain: the day itself ('D'), its ten days ('T': the 1st to the
-- 10th, the 11th to the 20th, the 21st to the month's end, each named by its first day) or its
-- month ('M', named by the 1st).
CREATE FUNCTION report_period(grain text, day date) RETURNS date LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE grain
    WHEN 'D' THEN day
    WHEN 'T' THEN date_trunc('month', day)::date + least((extract(day FROM day)::int - 1) / 10, 2) * 10
    ELSE date_trunc('month', day)::date END
$$;
--> statement-breakpoint
-- The fewest rollup periods that make up the days from s to e: whole months, then whole ten
-- days, then single days, as runs of one grain (grain, period_from, period_to: the first and the last period). A year is
-- about 12 months, 2 ten-day runs and 2 day runs; the reports join a rollup to these rows.
CREATE FUNCTION report_periods(s date, e date) RETURNS TABLE (grain text, period_from date, period_to date)
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE ROWS 5 AS $$
DECLARE
  cur date := s;
  g text;
  next_day date;
  month_end date;
  ten_end date;
BEGIN
  grain := NULL;
  WHILE cur <= e LOOP
    month_end := (date_trunc('month', cur) + interval '1 month')::date - 1;
    ten_end := CASE WHEN extract(day FROM cur) = 21 THEN month_end ELSE cur + 9 END;
    IF extract(day FROM cur) = 1 AND month_end <= e THEN
      g := 'M'; next_day := month_end + 1;
    ELSIF extract(day FROM cur) IN (1, 11, 21) AND ten_end <= e THEN
      g := 'T'; next_day := ten_end + 1;
    ELSE
      g := 'D'; next_day := cur + 1;
    END IF;
    IF grain IS DISTINCT FROM g THEN
      IF grain IS NOT NULL THEN RETURN NEXT; END IF;
      grain := g;
      period_from := cur;
    END IF;
    period_to := cur;
    cur := next_day;
  END LOOP;
  IF grain IS NOT NULL THEN RETURN NEXT; END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_schedules_changed() RETURNS trigger LANGUAGE plpgsql AS $$
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
    g as (select d.*, grain, report_period(grain, day) as period from d cross join (values ('D'), ('T'), ('M')) grains(grain)),
    by_member as (
      insert into report_schedules_by_member as t (business_id, grain, period, team_id, user_id, done, missed, pending, in_progress, total)
      select business_id, grain, period, team_id, user_id, sum(done), sum(missed), sum(pending), sum(in_progress), sum(sign)
      from g group by 1, 2, 3, 4, 5
      having (sum(done), sum(missed), sum(pending), sum(in_progress), sum(sign)) <> (0, 0, 0, 0, 0)
      order by 1, 2, 3, 4, 5
      on conflict (business_id, grain, period, team_id, user_id) do update set done = t.done + excluded.done, missed = t.missed + excluded.missed,
        pending = t.pending + excluded.pending, in_progress = t.in_progress + excluded.in_progress, total = t.total + excluded.total)
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
CREATE TRIGGER schedules_rollup_insert AFTER INSERT ON schedules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_schedules_changed();
--> statement-breakpoint
CREATE TRIGGER schedules_rollup_update AFTER UPDATE ON schedules REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_schedules_changed();
--> statement-breakpoint
CREATE TRIGGER schedules_rollup_delete AFTER DELETE ON schedules REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_schedules_changed();
--> statement-breakpoint
CREATE FUNCTION report_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, -1 as sign from old_rows'
    ELSE 'select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, 1 as sign from new_rows
          union all select business_id, team_id, task_id, action_id, created_date, outside, is_flagged, -1 as sign from old_rows' END;
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
CREATE TRIGGER action_results_rollup_insert AFTER INSERT ON action_results REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_answers_changed();
--> statement-breakpoint
CREATE TRIGGER action_results_rollup_update AFTER UPDATE ON action_results REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION report_answers_changed();
--> statement-breakpoint
CREATE TRIGGER action_results_rollup_delete AFTER DELETE ON action_results REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION report_answers_changed();
--> statement-breakpoint
-- Recounts a business's rollups from its schedules and answers: after a change of its time zone
-- (every local day moves), and once here for the data already there.
CREATE FUNCTION report_rollups_rebuild(business bigint) RETURNS void LANGUAGE plpgsql AS $$
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
    FROM action_results r JOIN businesses b ON b.id = r.business_id WHERE r.business_id = business),
  g AS (SELECT d.*, grain, report_period(grain, day) AS period FROM d CROSS JOIN (VALUES ('D'), ('T'), ('M')) grains(grain))
  INSERT INTO report_answers_by_site (business_id, grain, period, team_id, task_id, action_id, answers, flagged, outside)
  SELECT business, grain, period, team_id, task_id, action_id, count(*) FILTER (WHERE NOT outside),
    count(*) FILTER (WHERE NOT outside AND is_flagged), count(*) FILTER (WHERE outside)
  FROM g GROUP BY grain, period, team_id, task_id, action_id;
END
$$;
--> statement-breakpoint
CREATE FUNCTION report_business_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.time_zone IS DISTINCT FROM OLD.time_zone THEN
    PERFORM report_rollups_rebuild(NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER businesses_rollup_zone AFTER UPDATE OF time_zone ON businesses FOR EACH ROW EXECUTE FUNCTION report_business_zone_changed();
--> statement-breakpoint
SELECT report_rollups_rebuild(id) FROM businesses;

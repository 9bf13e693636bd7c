-- Richer recurrence (schema-schedules.ts): a daily plan every N days and a weekly one every N weeks,
-- counted from the start date; MONTHLY plans on the Nth (1 to 4) or last (-1) of their weekdays
-- in every month; and dates on which a plan makes no occurrence. Existing plans keep every 1, no
-- weeks of the month and no exceptions, so their schedules do not change.
ALTER TABLE "execution_plans" ADD COLUMN "repeat_every" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD COLUMN "month_weeks" integer[] DEFAULT '{}'::integer[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD COLUMN "exception_dates" date[] DEFAULT '{}'::date[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_schedule_type_check" CHECK ("schedule_type" IN ('ONCE', 'DAILY', 'WEEKLY', 'MONTHLY', 'CUSTOM'));
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_repeat_every_check" CHECK ("repeat_every" BETWEEN 1 AND 52 AND ("repeat_every" = 1 OR "schedule_type" IN ('DAILY', 'WEEKLY')));
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_month_weeks_check" CHECK ("month_weeks" <@ ARRAY[1, 2, 3, 4, -1] AND ("schedule_type" <> 'MONTHLY' OR cardinality("month_weeks") > 0));
--> statement-breakpoint
ALTER TABLE "execution_plans" ADD CONSTRAINT "execution_plans_exception_dates_check" CHECK (cardinality("exception_dates") <= 60);

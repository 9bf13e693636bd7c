-- Evidence for answers delivered late. A schedule's first full read by its own member (the runner
-- and the device's offline copy) is remembered: an answer delivered after the deadline is credible
-- only if captured after it. Each business chooses how many hours after a deadline such an answer
-- may still count. Schedules read before this change have no such moment: a late answer to one of
-- them is kept, not counted (held UNPROVEN), rather than trusted.
CREATE TABLE "schedule_handovers" (
	"schedule_id" bigint PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"handed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "late_answer_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedule_handovers" ADD CONSTRAINT "schedule_handovers_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;
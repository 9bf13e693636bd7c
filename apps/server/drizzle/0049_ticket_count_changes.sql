-- The ticket counts' triggers add each statement's sums as rows of their own instead of updating
-- the shared counts (schema-helpdesk.ts): two writers never wait on each other's count rows, nor
-- deadlock over them when a bulk change holds several until it commits. A job folds the changes
-- into ticket_status_counts (ticket_status_counts_fold); a reader adds those not folded yet.
CREATE TABLE "ticket_status_count_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_status_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"status" text NOT NULL,
	"tickets" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_status_count_changes" ADD CONSTRAINT "ticket_status_count_changes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_status_count_changes_business_idx" ON "ticket_status_count_changes" USING btree ("business_id");--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, project_id, team_id, status, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select business_id, project_id, team_id, status, -1 as sign from old_rows'
    ELSE 'select business_id, project_id, team_id, status, 1 as sign from new_rows
          union all select business_id, project_id, team_id, status, -1 as sign from old_rows' END;
BEGIN
  -- Joined to the business, so the rows of a business being deleted add nothing.
  EXECUTE format($sql$
    insert into ticket_status_count_changes (business_id, project_id, team_id, status, tickets)
    select x.business_id, coalesce(x.project_id, 0), coalesce(x.team_id, 0), x.status, sum(x.sign)
    from (%s) x join businesses b on b.id = x.business_id
    group by 1, 2, 3, 4
    having sum(x.sign) <> 0
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Folds every change committed so far into the counts, in key order (two folds at once: the second
-- finds the rows the first deleted gone). Returns how many changes it folded.
CREATE FUNCTION ticket_status_counts_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH gone AS (
    DELETE FROM ticket_status_count_changes
    RETURNING business_id, project_id, team_id, status, tickets
  ), summed AS (
    SELECT business_id, project_id, team_id, status, sum(tickets)::integer AS tickets, count(*)::integer AS changes
    FROM gone GROUP BY 1, 2, 3, 4
  ), kept AS (
    INSERT INTO ticket_status_counts AS t (business_id, project_id, team_id, status, tickets)
    SELECT s.business_id, s.project_id, s.team_id, s.status, s.tickets
    FROM summed s JOIN businesses b ON b.id = s.business_id
    WHERE s.tickets <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, project_id, team_id, status) DO UPDATE SET tickets = t.tickets + excluded.tickets
  )
  SELECT coalesce(sum(changes), 0) INTO folded FROM summed;
  RETURN folded;
END
$$;

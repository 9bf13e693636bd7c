-- Tickets counted by project, site and status (schema-helpdesk.ts), kept by triggers in the
-- writing transaction as the report rollups are (0010): each statement's changed rows are summed
-- per key and added in one upsert, in key order, so concurrent writers meet the rows they share in
-- the same order. A ticket without a project or site counts under 0.
CREATE TABLE "ticket_status_counts" (
	"business_id" bigint NOT NULL,
	"project_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"status" text NOT NULL,
	"tickets" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_status_counts_pkey" PRIMARY KEY("business_id","project_id","team_id","status") INCLUDE ("tickets")
);
--> statement-breakpoint
ALTER TABLE "ticket_status_counts" ADD CONSTRAINT "ticket_status_counts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION ticket_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta text := CASE TG_OP
    WHEN 'INSERT' THEN 'select business_id, project_id, team_id, status, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select business_id, project_id, team_id, status, -1 as sign from old_rows'
    ELSE 'select business_id, project_id, team_id, status, 1 as sign from new_rows
          union all select business_id, project_id, team_id, status, -1 as sign from old_rows' END;
BEGIN
  -- Joined to the business, so the rows of a business being deleted add nothing.
  EXECUTE format($sql$
    insert into ticket_status_counts as t (business_id, project_id, team_id, status, tickets)
    select x.business_id, coalesce(x.project_id, 0), coalesce(x.team_id, 0), x.status, sum(x.sign)
    from (%s) x join businesses b on b.id = x.business_id
    group by 1, 2, 3, 4
    having sum(x.sign) <> 0
    order by 1, 2, 3, 4
    on conflict (business_id, project_id, team_id, status) do update set tickets = t.tickets + excluded.tickets
  $sql$, delta);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_status_counts_insert AFTER INSERT ON tickets REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tickets_status_counts_update AFTER UPDATE ON tickets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER tickets_status_counts_delete AFTER DELETE ON tickets REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_changed();
--> statement-breakpoint
INSERT INTO "ticket_status_counts" ("business_id", "project_id", "team_id", "status", "tickets")
SELECT "business_id", coalesce("project_id", 0), coalesce("team_id", 0), "status", count(*)
FROM "tickets" GROUP BY 1, 2, 3, 4;

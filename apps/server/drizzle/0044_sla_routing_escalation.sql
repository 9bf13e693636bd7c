-- Routing rules (the assignment configuration becomes the first), SLA escalation once per threshold, the SLA report's facts on tickets, and plans that skip holidays
CREATE TABLE "ticket_routing_rules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_routing_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"source" text,
	"category_id" bigint,
	"project_id" bigint,
	"team_id" bigint,
	"priority" text,
	"strategy" text NOT NULL,
	"user_id" bigint,
	"target_team_id" bigint,
	"target_project_id" bigint,
	"member_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"last_assignee_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_sla_escalations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ticket_sla_escalations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"ticket_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sla_policies" ADD COLUMN "warn_percent" integer;--> statement-breakpoint
ALTER TABLE "sla_policies" ADD COLUMN "raise_priority_to" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "source" text DEFAULT 'PERSON' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_minutes" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_response_breached" boolean;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_breached" boolean;--> statement-breakpoint
ALTER TABLE "execution_plans" ADD COLUMN "skip_holidays" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_category_id_ticket_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."ticket_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_target_team_id_teams_id_fk" FOREIGN KEY ("target_team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_target_project_id_projects_id_fk" FOREIGN KEY ("target_project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_routing_rules" ADD CONSTRAINT "ticket_routing_rules_last_assignee_id_users_id_fk" FOREIGN KEY ("last_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sla_escalations" ADD CONSTRAINT "ticket_sla_escalations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sla_escalations" ADD CONSTRAINT "ticket_sla_escalations_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_business_idx" ON "ticket_routing_rules" USING btree ("business_id","position");--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_category_idx" ON "ticket_routing_rules" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_project_idx" ON "ticket_routing_rules" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_team_idx" ON "ticket_routing_rules" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_user_idx" ON "ticket_routing_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_target_team_idx" ON "ticket_routing_rules" USING btree ("target_team_id");--> statement-breakpoint
CREATE INDEX "ticket_routing_rules_target_project_idx" ON "ticket_routing_rules" USING btree ("target_project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_sla_escalations_ticket_kind_key" ON "ticket_sla_escalations" USING btree ("ticket_id","kind");--> statement-breakpoint
CREATE INDEX "tickets_business_resolved_idx" ON "tickets" USING btree ("business_id","resolved_at");--> statement-breakpoint
CREATE INDEX "tickets_first_response_warn_idx" ON "tickets" USING btree ("first_response_warn_at") WHERE "tickets"."first_response_warn_at" is not null;--> statement-breakpoint
CREATE INDEX "tickets_resolution_warn_idx" ON "tickets" USING btree ("resolution_warn_at") WHERE "tickets"."resolution_warn_at" is not null;--> statement-breakpoint
INSERT INTO "ticket_routing_rules" ("business_id", "position", "strategy", "user_id", "target_team_id", "target_project_id")
SELECT "business_id", 0,
  CASE "target_type" WHEN 'MEMBER' THEN 'MEMBER' ELSE 'FEWEST_OPEN' END,
  CASE "target_type" WHEN 'MEMBER' THEN "user_id" END,
  CASE "target_type" WHEN 'SITE' THEN "team_id" END,
  CASE "target_type" WHEN 'PROJECT' THEN "project_id" END
FROM "ticket_assignment_configs"
WHERE ("target_type" = 'MEMBER' AND "user_id" IS NOT NULL)
   OR ("target_type" = 'SITE' AND "team_id" IS NOT NULL)
   OR ("target_type" = 'PROJECT' AND "project_id" IS NOT NULL);--> statement-breakpoint
UPDATE "tickets" SET "source" = 'ANSWER' WHERE "id" IN (SELECT "ticket_id" FROM "action_results" WHERE "ticket_id" IS NOT NULL);--> statement-breakpoint
UPDATE "tickets" t SET "resolved_at" = coalesce(
  (SELECT max(h."created_date") FROM "ticket_history" h WHERE h."ticket_id" = t."id" AND h."field" = 'STATUS' AND h."new_value" IN ('RESOLVED', 'CLOSED')),
  t."updated_date")
WHERE t."status" IN ('RESOLVED', 'CLOSED');
--> statement-breakpoint
-- Thresholds open tickets passed before escalation existed count as told, so that the first sweep
-- does not announce every old overdue ticket at once.
INSERT INTO "ticket_sla_escalations" ("business_id", "ticket_id", "kind")
SELECT t."business_id", t."id", k.kind FROM "tickets" t
CROSS JOIN (VALUES ('FIRST_RESPONSE_WARNING'), ('FIRST_RESPONSE_BREACH')) AS k(kind)
WHERE t."status" = 'NEW' AND t."first_response_due_at" <= now()
UNION ALL
SELECT t."business_id", t."id", k.kind FROM "tickets" t
CROSS JOIN (VALUES ('RESOLUTION_WARNING'), ('RESOLUTION_BREACH')) AS k(kind)
WHERE t."status" IN ('NEW', 'IN_PROGRESS', 'ON_HOLD') AND t."resolution_due_at" <= now()
ON CONFLICT ("ticket_id", "kind") DO NOTHING;

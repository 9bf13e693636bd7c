-- A round robin's turn is kept per site rather than per rule
CREATE TABLE "ticket_round_robin_cursors" (
	"team_id" bigint PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"last_assignee_id" bigint
);
--> statement-breakpoint
ALTER TABLE "ticket_round_robin_cursors" ADD CONSTRAINT "ticket_round_robin_cursors_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_round_robin_cursors" ADD CONSTRAINT "ticket_round_robin_cursors_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_round_robin_cursors" ADD CONSTRAINT "ticket_round_robin_cursors_last_assignee_id_users_id_fk" FOREIGN KEY ("last_assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_round_robin_cursors_business_idx" ON "ticket_round_robin_cursors" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "ticket_round_robin_cursors_assignee_idx" ON "ticket_round_robin_cursors" USING btree ("last_assignee_id");--> statement-breakpoint
-- The turn a rule aimed at one site had reached becomes that site's turn (the first such rule's).
INSERT INTO "ticket_round_robin_cursors" ("team_id", "business_id", "last_assignee_id")
SELECT DISTINCT ON ("target_team_id") "target_team_id", "business_id", "last_assignee_id"
FROM "ticket_routing_rules"
WHERE "strategy" = 'ROUND_ROBIN' AND "target_team_id" IS NOT NULL AND "last_assignee_id" IS NOT NULL
ORDER BY "target_team_id", "position", "id";
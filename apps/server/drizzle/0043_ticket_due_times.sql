-- Tickets keep when their first response and resolution are due by their SLA rule, and when they were first answered
ALTER TABLE "tickets" ADD COLUMN "first_response_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "first_responded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "resolution_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_business_resolution_due_idx" ON "tickets" USING btree ("business_id","resolution_due_at");
-- A board column of one status sorted by due time reads its tickets in order
CREATE INDEX "tickets_business_status_due_idx" ON "tickets" USING btree ("business_id","status","resolution_due_at","id");
ALTER TABLE "business_members" ADD COLUMN "external_id" text;--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name","id");
ALTER TABLE "users" ADD COLUMN "email_claimed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Accounts a business created and nobody has activated yet hold their address for no one.
UPDATE "users" SET "email_claimed" = false WHERE "created_by_business_id" IS NOT NULL AND NOT "activated";--> statement-breakpoint
DROP INDEX "users_email_key";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email") WHERE email_claimed;

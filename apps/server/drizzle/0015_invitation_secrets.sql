-- Secrets are kept as their SHA-256: an invitation's key, which the business hands to the person
-- and which accepting takes, and the activation keys, hashed in place (each is shown once, when
-- issued). An e-mail address counts as the person's once they prove they receive mail there.
ALTER TABLE "invitations" ADD COLUMN "key_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_key_hash_key" ON "invitations" USING btree ("key_hash");--> statement-breakpoint
UPDATE "users" SET "activation_key" = encode(sha256(convert_to("activation_key", 'UTF8')), 'hex') WHERE "activation_key" IS NOT NULL;

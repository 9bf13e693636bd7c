-- Shared-device kiosks: tablets enrolled for one site, the sign-ins on them, members' kiosk PINs, and member sessions bound to a kiosk.
CREATE TABLE "kiosk_sign_ins" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiosk_sign_ins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"kiosk_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kiosks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "kiosks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"name" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"device_token_hash" text,
	"enrolled_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "business_members" ADD COLUMN "kiosk_pin_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kiosk_id" bigint;--> statement-breakpoint
ALTER TABLE "kiosk_sign_ins" ADD CONSTRAINT "kiosk_sign_ins_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_sign_ins" ADD CONSTRAINT "kiosk_sign_ins_kiosk_id_kiosks_id_fk" FOREIGN KEY ("kiosk_id") REFERENCES "public"."kiosks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosk_sign_ins" ADD CONSTRAINT "kiosk_sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kiosk_sign_ins_kiosk_at_idx" ON "kiosk_sign_ins" USING btree ("kiosk_id","at","id");--> statement-breakpoint
CREATE INDEX "kiosk_sign_ins_business_idx" ON "kiosk_sign_ins" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "kiosks_business_idx" ON "kiosks" USING btree ("business_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_code_hash_key" ON "kiosks" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_hash_key" ON "kiosks" USING btree ("device_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_kiosk_idx" ON "sessions" USING btree ("kiosk_id") WHERE kiosk_id IS NOT NULL;
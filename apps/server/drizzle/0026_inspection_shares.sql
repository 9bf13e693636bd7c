CREATE TABLE "inspection_shares" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_shares_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"business_id" bigint NOT NULL,
	"schedule_id" bigint NOT NULL,
	"token_hash" text NOT NULL,
	"creator_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "mail_messages" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_shares_token_idx" ON "inspection_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "inspection_shares_schedule_idx" ON "inspection_shares" USING btree ("business_id","schedule_id","id");
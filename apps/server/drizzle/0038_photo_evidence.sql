-- Photo evidence: each answer photo's perceptual hash and the review queue (a sample and the near duplicates), and the share of photos a business samples.
CREATE TABLE "photo_checks" (
	"answer_id" bigint PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	"hash" bigint,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"duplicate_of" bigint,
	"distance" integer,
	"verdict" text,
	"reviewed_by" bigint,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "photo_sample_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "photo_checks" ADD CONSTRAINT "photo_checks_answer_id_action_results_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."action_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_checks" ADD CONSTRAINT "photo_checks_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_checks" ADD CONSTRAINT "photo_checks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_checks" ADD CONSTRAINT "photo_checks_duplicate_of_action_results_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."action_results"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_checks" ADD CONSTRAINT "photo_checks_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_checks_business_hash_idx" ON "photo_checks" USING btree ("business_id","hash");--> statement-breakpoint
CREATE INDEX "photo_checks_queue_idx" ON "photo_checks" USING btree ("business_id","team_id","answer_id") WHERE reason is not null;--> statement-breakpoint
CREATE INDEX "photo_checks_duplicate_of_idx" ON "photo_checks" USING btree ("duplicate_of") WHERE duplicate_of is not null;
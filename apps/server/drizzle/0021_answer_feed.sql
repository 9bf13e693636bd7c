CREATE TABLE "answer_feed" (
	"answer_id" bigint PRIMARY KEY NOT NULL,
	"business_id" bigint NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "answer_feed_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "answer_feed" ADD CONSTRAINT "answer_feed_answer_id_action_results_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."action_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answer_feed_business_seq_idx" ON "answer_feed" USING btree ("business_id","seq");
-- Photo capture evidence: per answer where the device says its photo came from (the in-page camera or a file), the time its metadata gives and whether that differs from the capture time; per task whether photos are stamped on the device.
ALTER TABLE "tasks" ADD COLUMN "stamp_photos" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "photo_source" text;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "photo_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_results" ADD COLUMN "photo_time_mismatch" boolean DEFAULT false NOT NULL;
-- An instruction's picture (schema-workflow.ts): its address on the action, and the addresses a
-- version or template names, kept by the database from their content, so that the file sweep and
-- the file links find every row that names a picture through an index.
ALTER TABLE "actions" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "task_templates" ADD COLUMN "image_urls" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(content, '$.actions[*].image ? (@ != null)')) STORED;--> statement-breakpoint
ALTER TABLE "task_versions" ADD COLUMN "image_urls" jsonb GENERATED ALWAYS AS (jsonb_path_query_array(content, '$.actions[*].image ? (@ != null)')) STORED;--> statement-breakpoint
CREATE INDEX "actions_image_idx" ON "actions" USING btree ("image") WHERE "actions"."image" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "task_templates_image_urls_idx" ON "task_templates" USING gin ("image_urls");--> statement-breakpoint
CREATE INDEX "task_versions_image_urls_idx" ON "task_versions" USING gin ("image_urls");
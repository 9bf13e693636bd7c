-- Only a finished inspection has a score in the reports (DESIGN §13): a schedule still in progress,
-- or missed before all its required answers came, has a score on its own report, worked out from
-- its answers when read, but none kept. The scores kept so far for schedules not done are removed;
-- the triggers on schedule_scores (drizzle/0027) take them out of the rollups as they go.
DELETE FROM "schedule_scores" c USING "schedules" s WHERE s."id" = c."schedule_id" AND s."status" <> 'done';

-- The photo sample's share per site and week counts a site's checks of the week from an index.
CREATE INDEX "photo_checks_team_week_idx" ON "photo_checks" USING btree ("team_id","checked_at");
-- Scores by member by the member first (schema-rollups.ts): a list of members reads the scores of
-- its page's members only, each member's periods one range of this key, which carries the sums so
-- the rows themselves are not visited; the primary key would have it read every member's scores
-- of the range to keep a page's.
CREATE INDEX "report_scores_by_member_user" ON "report_scores_by_member" USING btree ("business_id","user_id","grain","period") INCLUDE ("team_id","scored","percent_sum","passed","failed");

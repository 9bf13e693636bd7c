// Photo evidence (DESIGN §13): every answer photo's perceptual hash, kept once the background
// check has read the photo, and the supervisors' review queue of photos: a random sample of the
// business's photos and every photo that nearly matches one given before in the business.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PhotoReviewReason, PhotoVerdict } from '@fieldops/shared/evidence';
import { createdAt, ref } from './columns.ts';
import { businesses, teams, users } from './schema.ts';
import { actionResults } from './schema-schedules.ts';

export const photoChecks = pgTable(
  'photo_checks',
  {
    answerId: ref('answer_id')
      .primaryKey()
      .references(() => actionResults.id, { onDelete: 'cascade' }),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The 64-bit difference hash of the photo; null when the file could not be read as an image. */
    hash: bigint('hash', { mode: 'bigint' }),
    checkedAt: createdAt('checked_at'),
    /** Why the photo waits for review; null when it is not in the queue. */
    reason: text('reason').$type<PhotoReviewReason>(),
    /** The earlier answer whose photo this one nearly matches, and how many bits of 64 differ. */
    duplicateOf: ref('duplicate_of').references(() => actionResults.id, { onDelete: 'set null' }),
    distance: integer('distance'),
    verdict: text('verdict').$type<PhotoVerdict>(),
    reviewedBy: ref('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // The near-duplicate search reads a business's hashes from this alone.
    index('photo_checks_business_hash_idx').on(t.businessId, t.hash),
    // The review queue, by site, newest first.
    index('photo_checks_queue_idx')
      .on(t.businessId, t.teamId, t.answerId)
      .where(sql`reason is not null`),
    // The sample's share per site and week counts a site's checks of the week from this.
    index('photo_checks_team_week_idx').on(t.teamId, t.checkedAt),
    // An answer deleted clears the duplicates that name it without reading the whole table.
    index('photo_checks_duplicate_of_idx')
      .on(t.duplicateOf)
      .where(sql`duplicate_of is not null`),
  ],
);

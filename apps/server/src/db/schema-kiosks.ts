// Shared-device kiosks (modules/main/kiosks): a tablet enrolled for one site with a one-time code,
// then known by its device token; and every sign-in attempt of a member on it. A member's PIN is
// kept with their membership (business_members.kiosk_pin_hash), a kiosk member session is a
// session row with its kiosk_id (schema.ts).
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { businesses, teams, users } from './schema.ts';

export const kiosks = pgTable(
  'kiosks',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The site whose members use it. */
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the enrolment code (shown once); it works once, until `code_expires_at`. */
    codeHash: text('code_hash').notNull(),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the device token handed to the tablet when it enrolled. */
    deviceTokenHash: text('device_token_hash'),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    index('kiosks_business_idx').on(t.businessId, t.id),
    uniqueIndex('kiosks_code_hash_key').on(t.codeHash),
    uniqueIndex('kiosks_device_token_hash_key').on(t.deviceTokenHash),
  ],
);

/** Every PIN sign-in attempt on a kiosk, right or wrong. */
export const kioskSignIns = pgTable(
  'kiosk_sign_ins',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kioskId: ref('kiosk_id')
      .notNull()
      .references(() => kiosks.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: createdAt('at'),
    succeeded: boolean('succeeded').notNull(),
  },
  (t) => [index('kiosk_sign_ins_kiosk_at_idx').on(t.kioskId, t.at, t.id), index('kiosk_sign_ins_business_idx').on(t.businessId)],
);

// The database tables. Every business-owned row carries business_id, indexed (DESIGN §3).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { DEFAULT_PHOTO_SAMPLE_PERCENT } from '@fieldops/shared/evidence';
import { DEFAULT_LATE_ANSWER_HOURS } from '@fieldops/shared/limits';
import { createdAt, id, ref } from './columns.ts';

export const industries = pgTable('industries', {
  id: id(),
  code: text('code').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameAr: text('name_ar').notNull(),
});

/** A person who signs in. Users are global; they join businesses through memberships. */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    countryCode: text('country_code'),
    phone: text('phone'),
    bio: text('bio'),
    avatar: text('avatar'),
    activated: boolean('activated').notNull().default(false),
    /** The SHA-256 of the activation key (hex): the key itself is shown once, when issued. */
    activationKey: text('activation_key'),
    /** When the activation key stops working; an admin of the creating business can issue a new one. */
    activationExpiresAt: timestamp('activation_expires_at', { withTimezone: true }),
    /**
     * The business whose admin created this account by inviting a new e-mail. Only its admins may
     * read the activation key, and only they may change the identity of the account while it has
     * never been activated. Null for accounts people registered themselves.
     */
    createdByBusinessId: ref('created_by_business_id').references((): AnyPgColumn => businesses.id, { onDelete: 'set null' }),
    /** Set when an admin chose the password: the person sets their own before doing anything else. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** When the person proved they receive mail at `email`; until then nothing is sent or shown to them for that address. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Whether `email` is this account's own: unique among claimed accounts and a way to sign in.
     * An account a business creates by inviting an e-mail does not claim it (DESIGN §4): every
     * invitation of an address that is not yet in the business makes one, whether or not someone
     * else has the address, so inviting tells the business nothing about other accounts.
     */
    emailClaimed: boolean('email_claimed').notNull().default(true),
    /** The language the person reads the app in ('en' or 'ar'): their e-mails and pushes use it. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key')
      .on(t.email)
      .where(sql`email_claimed`),
    uniqueIndex('users_activation_key_key').on(t.activationKey),
    // Member lists sorted by name walk this instead of sorting every member of a large business.
    index('users_full_name_idx').on(t.fullName, t.id),
  ],
);

export const businesses = pgTable(
  'businesses',
  {
    id: id(),
    name: text('name').notNull(),
    colour: text('colour').notNull().default('#1c7ed6'),
    logo: text('logo'),
    apiKey: text('api_key').notNull(),
    timeZone: text('time_zone').notNull().default('UTC'),
    industryId: ref('industry_id').references(() => industries.id),
    managedProfile: boolean('managed_profile').notNull().default(false),
    /** Hours after a deadline within which an answer the device delivers late still counts. */
    lateAnswerHours: integer('late_answer_hours').notNull().default(DEFAULT_LATE_ANSWER_HOURS),
    /** The share (%) of the business's answer photos picked at random for review (schema-evidence.ts). */
    photoSamplePercent: integer('photo_sample_percent').notNull().default(DEFAULT_PHOTO_SAMPLE_PERCENT),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('businesses_api_key_key').on(t.apiKey)],
);

/** A user's place in a business: the business role (ownership type) and default flag. */
export const businessMembers = pgTable(
  'business_members',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'MEMBER'] }).notNull(),
    position: text('position'),
    externalId: text('external_id'),
    defaultBusiness: boolean('default_business').notNull().default(false),
    /** The argon2id hash of the PIN the member signs in with on the business's kiosks; null: none set. */
    kioskPinHash: text('kiosk_pin_hash'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('business_members_business_user_key').on(t.businessId, t.userId), index('business_members_user_idx').on(t.userId)],
);

/** Project types and site types of a business, each a bilingual name. */
export const lookups = pgTable(
  'lookups',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['PROJECT_TYPE', 'TEAM_TYPE'] }).notNull(),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
  },
  (t) => [index('lookups_business_kind_idx').on(t.businessId, t.kind)],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    website: text('website'),
    typeId: ref('type_id').references(() => lookups.id, { onDelete: 'set null' }),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('projects_business_idx').on(t.businessId, t.id)],
);

/** A site (also called a team) of a project, with its geofence. */
export const teams = pgTable(
  'teams',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: ref('project_id')
      .notNull()
      .references(() => projects.id),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radius: integer('radius').notNull().default(200),
    /** The geofence as [latitude, longitude] vertices; when set it replaces the circle of `radius` around the pin. */
    polygon: jsonb('polygon').$type<[number, number][]>(),
    typeId: ref('type_id').references(() => lookups.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    whatsApp: text('whats_app'),
    createdAt: createdAt(),
  },
  (t) => [index('teams_business_idx').on(t.businessId, t.id), index('teams_project_idx').on(t.projectId)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    teamId: ref('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authority: text('authority', { enum: ['SUPERVISOR', 'MEMBER'] })
      .notNull()
      .default('MEMBER'),
    position: text('position'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_members_team_user_key').on(t.teamId, t.userId), index('team_members_business_user_idx').on(t.businessId, t.userId)],
);

/**
 * A signed-in device. The token names its session; every request checks that the session is
 * still open, so logout, "sign out of all devices" and a password reset end it at once on every
 * instance.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Set for a member signed in on a shared kiosk (schema-kiosks.ts): the session reaches only
     * that member's schedules, and only while the kiosk is enrolled. No foreign key, so that a
     * kiosk row gone for any reason leaves its sessions refused rather than unrestricted.
     */
    kioskId: ref('kiosk_id'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_kiosk_idx')
      .on(t.kioskId)
      .where(sql`kiosk_id IS NOT NULL`),
  ],
);

/**
 * A business's invitation of an e-mail to some of its sites. The business sees what it typed;
 * the invited person (user_id, never shown to the business) accepts or declines it after
 * signing in. Accepting adds the membership and the site placements.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    authority: text('authority', { enum: ['SUPERVISOR', 'MEMBER'] })
      .notNull()
      .default('MEMBER'),
    position: text('position'),
    externalId: text('external_id'),
    teamIds: bigint('team_ids', { mode: 'number' }).array().notNull(),
    status: text('status', { enum: ['PENDING', 'ACCEPTED', 'DECLINED', 'CANCELED'] })
      .notNull()
      .default('PENDING'),
    invitedBy: ref('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** The SHA-256 of the invitation's secret (hex), which the business hands to the person; accepting takes it. */
    keyHash: text('key_hash'),
    createdAt: createdAt(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('invitations_business_idx').on(t.businessId, t.status, t.id),
    index('invitations_user_idx').on(t.userId, t.status),
    uniqueIndex('invitations_key_hash_key').on(t.keyHash),
    uniqueIndex('invitations_pending_key')
      .on(t.businessId, t.userId)
      .where(sql`status = 'PENDING'`),
  ],
);

/**
 * Counters with a window, shared by every instance: failed sign-ins per account and per address,
 * and the API rate limit per session and per address. A row whose window has ended counts as 0.
 */
/**
 * Secrets every instance must share: the key that signs sign-in tokens when JWT_SECRET is not set
 * (lib/tokens.ts). Kept in the database, not on an instance's disk, so that every instance and
 * every release checks the tokens the others signed.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * The processes that store files (lib/file-writers.ts), one row each: every key a process writes
 * carries its id, so once the process is gone (a crash, kill -9, a restart) the files it stored
 * that no row refers to are known as the uploads it had in flight, and removed at once.
 * `missing_since`: when another instance first found it holding no lock (PostgreSQL).
 */
export const fileWriters = pgTable('file_writers', {
  id: integer('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  missingSince: timestamp('missing_since', { withTimezone: true }),
});

export const throttleCounters = pgTable('throttle_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A create sent with an `Idempotency-Key` header (plugins/idempotency.ts), per person: what the
 * request was (a fingerprint of its method, address, business and body) and, once answered, the
 * answer to give a repeat. `status` stays null while the first request is in progress.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
    /** Null when `body` is the answer's text; 'base64' for an answer that is not text (a PDF). */
    bodyEncoding: text('body_encoding'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

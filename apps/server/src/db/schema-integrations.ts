// Integrations and enterprise identity: the webhooks a business registers and their deliveries,
// its scoped API tokens, its OpenID Connect provider and the accounts linked to it, and each
// person's two-factor sign-in. Secrets a person types or is shown once are stored hashed; a
// webhook's signing secret is kept as it is, since every delivery is signed with it.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ref } from './columns.ts';
import { businesses, users } from './schema.ts';

/** An address a business's events are posted to (Standard Webhooks), and the kinds it wants. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event kinds it receives (webhook event names). */
    eventKinds: jsonb('event_kinds').$type<string[]>().notNull().default([]),
    /** `whsec_` and base64 of the key deliveries are signed with. */
    secret: text('secret').notNull(),
    /** After a rotation, the old secret also signs until `previous_secret_expires_at` (a day). */
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was turned off by the app: 'gone' (it answered 410) or 'failing' (failing for days). */
    disabledReason: text('disabled_reason'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When its current run of failed deliveries began; cleared by a delivery that succeeds. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: createdAt('updated_at'),
  },
  (t) => [index('webhook_endpoints_business_idx').on(t.businessId, t.id)],
);

/** One event sent to one endpoint: made once (the unique key), retried until it succeeds or gives up. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    endpointId: ref('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** Null for a test message an administrator sends; no foreign key, so the event log's retention leaves deliveries alone. */
    eventId: ref('event_id'),
    /** The `webhook-id` header: the same on every attempt, so a receiver can tell a retry from a new message. */
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** pending → succeeded, or failed once it has given up (a resend makes it pending again). */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    /** The first few KB of the last response's body, or the error when none came. */
    responseBody: text('response_body'),
    durationMs: integer('duration_ms'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_key')
      .on(t.eventId, t.endpointId)
      .where(sql`event_id is not null`),
    uniqueIndex('webhook_deliveries_message_key').on(t.messageId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);

/** Each attempt of a delivery, as the log shows it. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: ref('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    /** HTTP status; null when no answer came (a refused address, a timeout, a network error). */
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: createdAt('attempted_at'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

/**
 * A business's API token: named, scoped per area (read or write), expiring. The token is shown once;
 * only its SHA-256 is kept, with a short prefix to tell tokens apart in the list.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, shown in the list. */
    prefix: text('prefix').notNull(),
    /** Area → 'read' or 'write' (write includes read). */
    scopes: jsonb('scopes').$type<Record<string, 'read' | 'write'>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: text('last_used_ip'),
    /** The administrator who made it; the token acts in their name while they remain one. */
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_tokens_hash_key').on(t.tokenHash), index('api_tokens_business_idx').on(t.businessId, t.id)],
);

/** A business's OpenID Connect provider: one a business. */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    businessId: ref('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The business's sign-in name: people type it on the sign-in page (or follow /login/sso/<slug>). */
    slug: text('slug').notNull(),
    /** Shown on the sign-in button ("Sign in with …"). */
    label: text('label').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Members of the business sign in through the provider only (owners keep their password as a way back). */
    required: boolean('required').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: createdAt('updated_at'),
  },
  (t) => [uniqueIndex('sso_providers_slug_key').on(t.slug)],
);

/** An account linked to a provider's subject: how a later sign-in through it finds the account. */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_identities_issuer_subject_key').on(t.businessId, t.issuer, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/**
 * A sign-in through a provider on its way: the state (hashed) names it, with the PKCE verifier and
 * the nonce the answer must carry. In the database, so the provider may send the browser back to
 * any instance. Used once; after an answer that needs the person's confirmation to link an
 * existing account, it holds what the confirmation needs.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** Where the web app goes after signing in. */
    returnTo: text('return_to'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when the answer names a verified e-mail of an existing, unlinked account: the link waits for its owner's confirmation. */
    linkTokenHash: text('link_token_hash'),
    linkUserId: ref('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
    linkSubject: text('link_subject'),
    linkEmail: text('link_email'),
    linkedAt: timestamp('linked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sso_sign_ins_state_key').on(t.stateHash),
    uniqueIndex('sso_sign_ins_link_key')
      .on(t.linkTokenHash)
      .where(sql`link_token_hash is not null`),
  ],
);

/** A person's authenticator (TOTP). Until `enabled_at` is set, enrolment is under way. */
export const userTotp = pgTable('user_totp', {
  userId: ref('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 secret. */
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** The last time step a code was accepted for: a code is never taken twice, nor an older one. */
  lastStep: integer('last_step'),
  createdAt: createdAt(),
});

/** One-time recovery codes (hashed), for a person who has lost their authenticator. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId), uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The second step of a sign-in: a password (or a provider) was right and a code is due. The
 * challenge (hashed) is what the client sends back with the code; it lasts minutes and is used once.
 */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: id(),
    challengeHash: text('challenge_hash').notNull(),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    /** 'password' or 'sso', as the audit log tells it. */
    method: text('method').notNull().default('password'),
    /** Set when a business requires two-factor and the person has none yet: the step enrols them. */
    mustEnrol: boolean('must_enrol').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sign_in_challenges_hash_key').on(t.challengeHash)],
);

/** A business's security settings beside its profile: who must use two-factor, how long the audit log keeps. */
export const businessSecurity = pgTable('business_security', {
  businessId: ref('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** Owners and administrators must sign in with a second factor. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** Days the audit log keeps its entries (30–3650). */
  auditRetentionDays: integer('audit_retention_days').notNull().default(365),
  updatedAt: createdAt('updated_at'),
});

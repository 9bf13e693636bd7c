// The database tables. Every business-owned row carries business_id, indexed (DESIGN §3).
import {
  boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    activationKey: text('activation_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    uniqueIndex('users_email_key').on(t.email),
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
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('businesses_api_key_key').on(t.apiKey)],
);

/** A user's place in a business: the business role (ownership type) and default flag. */
export const businessMembers = pgTable(
  'business_members',
  {
    id: id(),
    businessId: ref('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'MEMBER'] }).notNull(),
    position: text('position'),
    externalId: text('external_id'),
    defaultBusiness: boolean('default_business').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('business_members_business_user_key').on(t.businessId, t.userId),
    index('business_members_user_idx').on(t.userId),
  ],
);

/** Project types and site types of a business, each a bilingual name. */
export const lookups = pgTable(
  'lookups',
  {
    id: id(),
    businessId: ref('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
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
    businessId: ref('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
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
    businessId: ref('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    projectId: ref('project_id').notNull().references(() => projects.id),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radius: integer('radius').notNull().default(200),
    typeId: ref('type_id').references(() => lookups.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    whatsApp: text('whats_app'),
    createdAt: createdAt(),
  },
  (t) => [
    index('teams_business_idx').on(t.businessId, t.id),
    index('teams_project_idx').on(t.projectId),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    id: id(),
    businessId: ref('business_id').notNull().references(() => businesses.id, { onDelete: 'cascade' }),
    teamId: ref('team_id').notNull().references(() => teams.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    authority: text('authority', { enum: ['SUPERVISOR', 'MEMBER'] }).notNull().default('MEMBER'),
    position: text('position'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_key').on(t.teamId, t.userId),
    index('team_members_business_user_idx').on(t.businessId, t.userId),
  ],
);

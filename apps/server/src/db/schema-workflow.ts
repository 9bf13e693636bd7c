// Workflow tables: tasks, their ordered actions, tags and task templates (DESIGN §1, workflow base).
import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ActionSettings, AnswerRules } from '@fieldops/shared/inspection-score';
import type { ActionCriteria, ActionOption, TemplateContent } from '@fieldops/shared/tasks';
import type { TaskVersionContent } from '@fieldops/shared/inspections';
import { createdAt, id, ref } from './columns.ts';
import { businesses, users } from './schema.ts';

/** Up to 3 per business (spec §9); names unique per business in each language. */
export const tags = pgTable(
  'tags',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    nameEn: text('name_en').notNull(),
    nameAr: text('name_ar').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('tags_business_idx').on(t.businessId, t.id),
    uniqueIndex('tags_business_name_en_key').on(t.businessId, sql`lower(${t.nameEn})`),
    uniqueIndex('tags_business_name_ar_key').on(t.businessId, sql`lower(${t.nameAr})`),
  ],
);

/** A checklist of ordered actions. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    geoRestrictionEnabled: boolean('geo_restriction_enabled').notNull().default(true),
    /** The widest GPS accuracy, in metres, that can prove presence; null: the site's circle radius. */
    accuracyThreshold: integer('accuracy_threshold'),
    /** The device writes the capture time, the site's name and the position into each answer photo. */
    stampPhotos: boolean('stamp_photos').notNull().default(false),
    /** The least total score, in percent, that passes an inspection; null: none is passed or failed. */
    passMark: doublePrecision('pass_mark'),
    tagId: ref('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('tasks_business_idx').on(t.businessId, t.id), index('tasks_tag_idx').on(t.tagId)],
);

/**
 * A named part of a task. Its actions follow one another in the task's order: the actions of the
 * first section come after those in no section, and so on. `criteria` is a chain rule over all of
 * them, whose base comes before the section.
 */
export const taskSections = pgTable(
  'task_sections',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    criteria: jsonb('criteria').$type<ActionCriteria>(),
    /** The base action of `criteria`, so an action's delete guard finds sections too. */
    baseActionId: ref('base_action_id').references((): AnyPgColumn => actions.id, { onDelete: 'no action' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_sections_task_order_idx').on(t.taskId, t.order, t.id),
    index('task_sections_business_idx').on(t.businessId, t.id),
    index('task_sections_base_action_idx').on(t.baseActionId),
  ],
);

/**
 * One step of a task. `criteria` is the chain rule that governs this action: it names an
 * earlier base action and the answer that sets this action's visibility.
 */
export const actions = pgTable(
  'actions',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    order: integer('order').notNull(),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    type: text('type').notNull(),
    options: jsonb('options').$type<ActionOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(false),
    criteria: jsonb('criteria').$type<ActionCriteria>(),
    /** The base action of `criteria`, kept as a column so the delete guard is one indexed query. */
    baseActionId: ref('base_action_id').references((): AnyPgColumn => actions.id, { onDelete: 'no action' }),
    /** Null: in no section, before the first one. A section is deleted only empty. */
    sectionId: ref('section_id').references((): AnyPgColumn => taskSections.id, { onDelete: 'no action' }),
    /** How much its score counts (0 leaves it out), its settings by type, and its answers' rules. */
    weight: integer('weight').notNull().default(1),
    settings: jsonb('settings').$type<ActionSettings>(),
    rules: jsonb('rules').$type<AnswerRules>().notNull().default({}),
    /** An instruction's picture: its address, `/api/files/{key}` (lib/file-sweep.ts keeps the file while named). */
    image: text('image'),
    createdAt: createdAt(),
  },
  (t) => [
    index('actions_section_idx').on(t.sectionId),
    index('actions_image_idx')
      .on(t.image)
      .where(sql`${t.image} IS NOT NULL`),
    index('actions_task_order_idx').on(t.taskId, t.order, t.id),
    index('actions_business_idx').on(t.businessId, t.id),
    index('actions_base_action_idx').on(t.baseActionId),
  ],
);

export const actionTags = pgTable(
  'action_tags',
  {
    actionId: ref('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
    tagId: ref('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.actionId, t.tagId] }), index('action_tags_tag_idx').on(t.tagId, t.actionId)],
);

/**
 * The instructions' picture addresses of a document of actions (a template's, a version's), as a
 * JSON array: a column generated from it can never disagree with it, and its GIN index answers
 * "which of these files does some document name" for the file sweep and the file links.
 */
const IMAGES_OF_CONTENT = sql`jsonb_path_query_array(content, '$.actions[*].image ? (@ != null)')`;

/**
 * A task kept as a document to copy from. The shipped library has no business (and a stable
 * `key`); a business's own templates carry its id.
 */
export const taskTemplates = pgTable(
  'task_templates',
  {
    id: id(),
    businessId: ref('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    key: text('key'),
    nameEn: text('name_en'),
    nameAr: text('name_ar'),
    descriptionEn: text('description_en'),
    descriptionAr: text('description_ar'),
    content: jsonb('content').$type<TemplateContent>().notNull(),
    /** The addresses of the instructions' pictures in `content`, kept by the database itself (lib/file-sweep.ts). */
    imageUrls: jsonb('image_urls')
      .$type<string[]>()
      .generatedAlwaysAs((): SQL => IMAGES_OF_CONTENT),
    actionsCount: integer('actions_count').notNull().default(0),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('task_templates_business_idx').on(t.businessId, t.id),
    uniqueIndex('task_templates_key_key').on(t.key),
    index('task_templates_image_urls_idx').using('gin', t.imageUrls),
  ],
);

/**
 * The link an exported file (PDF, Excel, CSV, JSON) writes for each photo and voice note it names
 * (DESIGN §13, public links): one row per export, scoped to that export's files of one business,
 * expiring, revocable. The link carries a random token; only its SHA-256 is kept here.
 */
export const exportLinks = pgTable(
  'export_links',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The storage keys of the files this export names: the link opens these and no other. */
    files: jsonb('files').$type<string[]>().notNull(),
    creatorId: ref('creator_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('export_links_token_idx').on(t.tokenHash), index('export_links_business_idx').on(t.businessId, t.id)],
);

/**
 * A task's content as it was when a schedule was first answered (DESIGN §13, task versions): its
 * sections, actions, options, scores and rules, so the schedule's answers and report read as they
 * were given whatever the task becomes. Content-addressed: the same content is one version.
 */
export const taskVersions = pgTable(
  'task_versions',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    taskId: ref('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** 1, 2, ... per task, in the order the versions were first answered. */
    number: integer('number').notNull(),
    /** SHA-256 of the content as canonical JSON. */
    hash: text('hash').notNull(),
    content: jsonb('content').$type<TaskVersionContent>().notNull(),
    /** The addresses of the instructions' pictures in `content`, kept by the database itself (lib/file-sweep.ts). */
    imageUrls: jsonb('image_urls')
      .$type<string[]>()
      .generatedAlwaysAs((): SQL => IMAGES_OF_CONTENT),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('task_versions_task_hash_key').on(t.taskId, t.hash),
    uniqueIndex('task_versions_task_number_key').on(t.taskId, t.number),
    index('task_versions_image_urls_idx').using('gin', t.imageUrls),
  ],
);

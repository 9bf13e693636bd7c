// Bulk imports of members and sites: the file's rows kept between the preview and the job that
// writes them, so a preview survives a reload, any instance runs the job, and a job taken over
// after a crash carries on from the first row without an outcome.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportExisting, ImportKind, ImportOutcome, ImportProblem, ImportStatus } from '@fieldops/shared/imports';
import { createdAt, id, ref } from './columns.ts';
import { businesses, users } from './schema.ts';

export const imports = pgTable(
  'imports',
  {
    id: id(),
    businessId: ref('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ImportKind>().notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ImportStatus>().notNull().default('PREVIEW'),
    existing: text('existing').$type<ImportExisting>().notNull().default('SKIP'),
    totalRows: integer('total_rows').notNull(),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_business_idx').on(t.businessId, t.id)],
);

/** One row of an import's file, by its line number; `outcome` is set once, by the job, with what it wrote. */
export const importRows = pgTable(
  'import_rows',
  {
    importId: bigint('import_id', { mode: 'number' })
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    businessId: ref('business_id').notNull(),
    row: integer('row').notNull(),
    values: jsonb('values').$type<Record<string, string>>().notNull(),
    /** The row's own problems; a duplicate of another row is found when read (it depends on the others). */
    problems: jsonb('problems').$type<ImportProblem[]>().notNull().default([]),
    /** Lower-cased identity inside the file (e-mail, external ID or name): rows sharing one are duplicates. */
    matchKey: text('match_key'),
    existingId: ref('existing_id'),
    skip: boolean('skip').notNull().default(false),
    outcome: text('outcome').$type<ImportOutcome>(),
    outcomeMessage: text('outcome_message'),
    resultId: ref('result_id'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row] }),
    index('import_rows_pending_idx')
      .on(t.importId, t.row)
      .where(sql`outcome is null`),
    index('import_rows_match_idx').on(t.importId, t.matchKey),
  ],
);

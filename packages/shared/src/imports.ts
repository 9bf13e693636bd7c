// Bulk imports of members and sites (spec: onboarding a whole workforce). A file (CSV or Excel)
// is read into rows, each checked with the problems a person can fix in place; nothing is written
// until the import is committed, and then a background job writes it row by row, once.
import { z } from 'zod';
import { id, pageQuery } from './common.ts';
import { MSG, maxMessage } from './messages.ts';

export const IMPORT_KINDS = ['MEMBERS', 'SITES'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** PREVIEW until committed; QUEUED and RUNNING while the job writes it; DONE when every row has its outcome. */
export const IMPORT_STATUSES = ['PREVIEW', 'QUEUED', 'RUNNING', 'DONE'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What happens to a row that matches a member or site the business already has. */
export const IMPORT_EXISTING = ['UPDATE', 'SKIP'] as const;
export type ImportExisting = (typeof IMPORT_EXISTING)[number];

export const IMPORT_OUTCOMES = ['CREATED', 'UPDATED', 'SKIPPED', 'FAILED'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** The largest file accepted, in bytes, and the most rows it may hold. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

export interface ImportColumn {
  key: string;
  en: string;
  ar: string;
  required?: boolean;
}

/**
 * The columns of each kind, with the headings of the English and the Arabic template; either
 * heading (or the key itself) is understood on upload, whatever the case or spacing.
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  MEMBERS: [
    { key: 'name', en: 'Name', ar: 'الاسم', required: true },
    { key: 'email', en: 'Email', ar: 'البريد الإلكتروني' },
    { key: 'sites', en: 'Sites', ar: 'المواقع' },
    { key: 'role', en: 'Role', ar: 'الدور' },
    { key: 'position', en: 'Position', ar: 'المنصب' },
    { key: 'externalId', en: 'External ID', ar: 'المعرف الخارجي' },
  ],
  SITES: [
    { key: 'name', en: 'Name', ar: 'الاسم', required: true },
    { key: 'project', en: 'Project', ar: 'المشروع', required: true },
    { key: 'latitude', en: 'Latitude', ar: 'خط العرض' },
    { key: 'longitude', en: 'Longitude', ar: 'خط الطول' },
    { key: 'radius', en: 'Geofence radius (m)', ar: 'نطاق الموقع (م)' },
    { key: 'type', en: 'Type', ar: 'النوع' },
    { key: 'externalId', en: 'External ID', ar: 'المعرف الخارجي' },
  ],
};

/** Sites in one cell of a member row are separated by any of these (Arabic ones included). */
export const IMPORT_LIST_SEPARATORS = /[;,|؛،\n]/;

/** One thing wrong with a row: the column and the message (a MSG text, translated by the client). */
export const importProblem = z.object({ field: z.string(), message: z.string() });
export type ImportProblem = z.infer<typeof importProblem>;

export const importSummary = z.object({
  id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  fileName: z.string(),
  status: z.enum(IMPORT_STATUSES),
  existing: z.enum(IMPORT_EXISTING),
  /** Rows read from the file. */
  totalRows: z.number(),
  /** Rows with no problem and not skipped. */
  readyRows: z.number(),
  /** Rows with at least one problem, skipped or not. */
  problemRows: z.number(),
  /** Rows that match a member or site the business already has. */
  existingRows: z.number(),
  /** Rows the user chose to skip. */
  skippedRows: z.number(),
  /** Rows with an outcome, while and after the job runs. */
  doneRows: z.number(),
  outcomes: z.object({ created: z.number(), updated: z.number(), skipped: z.number(), failed: z.number() }),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const importRow = z.object({
  /** The row's line in the file: the heading is row 1, the first member or site row 2. */
  row: z.number(),
  values: z.record(z.string(), z.string()),
  problems: z.array(importProblem),
  /** The member (user id) or site the row matches, when the business already has one. */
  existingId: z.number().nullable(),
  skip: z.boolean(),
  outcome: z.enum(IMPORT_OUTCOMES).nullable(),
  /** Why a row was skipped or failed, as a MSG text. */
  outcomeMessage: z.string().nullable(),
  /** The member or site the row made or updated. */
  resultId: z.number().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

/** `GET /v1/imports/template`. */
export const importTemplateQuery = z.object({
  kind: z.enum(IMPORT_KINDS),
  language: z.enum(['en', 'ar']).default('en'),
});

/** `POST /v1/imports?kind=…` (a multipart form with one file, "file"). */
export const importUploadQuery = z.object({ kind: z.enum(IMPORT_KINDS) });

/** `GET /v1/imports/{id}/rows`: every row, or only those with problems, or only those matching existing ones. */
export const importRowsQuery = pageQuery.extend({
  filter: z.enum(['all', 'problems', 'existing']).default('all'),
});
export type ImportRowsQuery = z.input<typeof importRowsQuery>;

/** `PUT /v1/imports/{id}/rows/{row}`: the row's values as fixed, and whether to skip it. */
export const importRowUpdate = z
  .object({
    values: z.record(z.string().max(100), z.string().max(1000, maxMessage(1000))).optional(),
    skip: z.boolean().optional(),
  })
  .refine((v) => v.values !== undefined || v.skip !== undefined, MSG.invalid);
export type ImportRowUpdate = z.input<typeof importRowUpdate>;

/** `POST /v1/imports/{id}/commit`: write every ready row; existing members or sites updated or skipped. */
export const importCommit = z.object({ existing: z.enum(IMPORT_EXISTING).default('SKIP') });
export type ImportCommit = z.input<typeof importCommit>;

export const importParams = z.object({ id });
export const importRowParams = z.object({
  id,
  row: z.coerce
    .number()
    .int()
    .min(2)
    .max(IMPORT_MAX_ROWS + 1),
});

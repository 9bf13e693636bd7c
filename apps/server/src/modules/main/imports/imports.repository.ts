// The import tables, and the look-ups the checks need: the business's sites, projects and site
// types, and the members or sites a page of rows may already match. A row repeats an earlier one
// when an earlier row of the file, not skipped, has its match key: found when read, since fixing
// or skipping one row changes whether another repeats it.
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ImportExisting, ImportKind, ImportOutcome, ImportProblem, ImportRow, ImportStatus, ImportSummary } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import { onlyRowOf, rowsOf, type Db } from '../../../db/client.ts';
import { importRows, imports } from '../../../db/schema-imports.ts';
import { businessMembers, lookups, projects, teams } from '../../../db/schema.ts';

export interface NewImportRow {
  row: number;
  values: Record<string, string>;
  problems: ImportProblem[];
  matchKey: string | null;
  existingId: number | null;
}

export async function insertImport(db: Db, values: { businessId: number; kind: ImportKind; fileName: string; totalRows: number; createdBy: number }) {
  const [row] = await db.insert(imports).values(values).returning({ id: imports.id });
  return row!.id;
}

export async function insertImportRows(db: Db, businessId: number, importId: number, rows: readonly NewImportRow[]) {
  for (let at = 0; at < rows.length; at += 1000) {
    await db.insert(importRows).values(rows.slice(at, at + 1000).map((r) => ({ ...r, importId, businessId })));
  }
}

const textArray = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

/** Repeats an earlier row of the file that is not skipped (row `r` of the query). */
const repeats = sql`(r.match_key is not null and exists (
  select 1 from import_rows o
  where o.import_id = r.import_id and o.match_key = r.match_key and o.row < r.row and not o.skip))`;

interface SummaryRecord {
  id: number;
  kind: ImportKind;
  file_name: string;
  status: ImportStatus;
  existing: ImportExisting;
  total_rows: number;
  ready_rows: number;
  problem_rows: number;
  existing_rows: number;
  skipped_rows: number;
  done_rows: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  created_at: string | Date;
  finished_at: string | Date | null;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

const summaryOf = (r: SummaryRecord): ImportSummary => ({
  id: Number(r.id),
  kind: r.kind,
  fileName: r.file_name,
  status: r.status,
  existing: r.existing,
  totalRows: Number(r.total_rows),
  readyRows: Number(r.ready_rows),
  problemRows: Number(r.problem_rows),
  existingRows: Number(r.existing_rows),
  skippedRows: Number(r.skipped_rows),
  doneRows: Number(r.done_rows),
  outcomes: { created: Number(r.created), updated: Number(r.updated), skipped: Number(r.skipped), failed: Number(r.failed) },
  createdAt: iso(r.created_at)!,
  finishedAt: iso(r.finished_at),
});

const summarySelect = (where: SQL, limit: number) => sql`
  select i.id, i.kind, i.file_name, i.status, i.existing, i.total_rows, i.created_at, i.finished_at, c.*
  from imports i
  cross join lateral (
    select
      count(*) filter (where not r.skip and r.problems = '[]'::jsonb and not ${repeats}) as ready_rows,
      count(*) filter (where r.problems <> '[]'::jsonb or ${repeats}) as problem_rows,
      count(*) filter (where r.existing_id is not null) as existing_rows,
      count(*) filter (where r.skip) as skipped_rows,
      count(r.outcome) as done_rows,
      count(*) filter (where r.outcome = 'CREATED') as created,
      count(*) filter (where r.outcome = 'UPDATED') as updated,
      count(*) filter (where r.outcome = 'SKIPPED') as skipped,
      count(*) filter (where r.outcome = 'FAILED') as failed
    from import_rows r where r.import_id = i.id
  ) c
  where ${where}
  order by i.id desc
  limit ${limit}`;

export async function findImportSummary(db: Db, businessId: number, id: number): Promise<ImportSummary | null> {
  const [row] = rowsOf<SummaryRecord>(await db.execute(summarySelect(sql`i.business_id = ${businessId} and i.id = ${id}`, 1)));
  return row ? summaryOf(row) : null;
}

export async function findImportSummaries(db: Db, businessId: number, limit: number): Promise<ImportSummary[]> {
  return rowsOf<SummaryRecord>(await db.execute(summarySelect(sql`i.business_id = ${businessId}`, limit))).map(summaryOf);
}

export async function findImport(db: Db, businessId: number, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(imports)
    .where(and(eq(imports.businessId, businessId), eq(imports.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

interface RowRecord {
  row: number;
  values: Record<string, string>;
  problems: ImportProblem[];
  existing_id: number | null;
  skip: boolean;
  outcome: ImportOutcome | null;
  outcome_message: string | null;
  result_id: number | null;
  repeats: boolean;
}

const duplicate: ImportProblem = { field: 'row', message: MSG.importDuplicateRow };

const rowOf = (r: RowRecord): ImportRow => ({
  row: Number(r.row),
  values: r.values,
  problems: r.repeats ? [...r.problems, duplicate] : r.problems,
  existingId: r.existing_id === null ? null : Number(r.existing_id),
  skip: r.skip,
  outcome: r.outcome,
  outcomeMessage: r.outcome_message,
  resultId: r.result_id === null ? null : Number(r.result_id),
});

const rowSelect = (where: SQL) => sql`
  select r.row, r.values, r.problems, r.existing_id, r.skip, r.outcome, r.outcome_message, r.result_id, ${repeats} as repeats
  from import_rows r where ${where}`;

const rowFilters = {
  all: sql`true`,
  problems: sql`(r.problems <> '[]'::jsonb or ${repeats})`,
  existing: sql`r.existing_id is not null`,
} as const;

export async function findImportRows(db: Db, importId: number, filter: keyof typeof rowFilters, page: { page: number; size: number }) {
  const where = sql`r.import_id = ${importId} and ${rowFilters[filter]}`;
  const items = rowsOf<RowRecord>(await db.execute(sql`${rowSelect(where)} order by r.row limit ${page.size} offset ${page.page * page.size}`));
  const { total } = onlyRowOf<{ total: number }>(await db.execute(sql`select count(*) as total from import_rows r where ${where}`));
  return { items: items.map(rowOf), total: Number(total) };
}

/** Every row of an import in file order, `size` at a time after row `after`. */
export async function findImportRowsAfter(db: Db, importId: number, after: number, size: number): Promise<ImportRow[]> {
  return rowsOf<RowRecord>(await db.execute(sql`${rowSelect(sql`r.import_id = ${importId} and r.row > ${after}`)} order by r.row limit ${size}`)).map(rowOf);
}

export async function findImportRow(db: Db, importId: number, row: number): Promise<ImportRow | null> {
  const [found] = rowsOf<RowRecord>(await db.execute(rowSelect(sql`r.import_id = ${importId} and r.row = ${row}`)));
  return found ? rowOf(found) : null;
}

export async function updateImportRow(db: Db, importId: number, row: number, values: Partial<Omit<NewImportRow, 'row'> & { skip: boolean }>) {
  await db
    .update(importRows)
    .set(values)
    .where(and(eq(importRows.importId, importId), eq(importRows.row, row)));
}

export async function deleteImport(db: Db, businessId: number, id: number) {
  await db.delete(imports).where(and(eq(imports.businessId, businessId), eq(imports.id, id)));
}

/**
 * Commits the import: rows skipped, still with problems, or repeating an earlier one get their
 * outcome now; the job writes the rest.
 */
export async function markCommitted(db: Db, importId: number, existing: ImportExisting) {
  await db.execute(sql`
    update import_rows r set outcome = 'SKIPPED',
      outcome_message = case when r.skip then ${MSG.importRowSkipped} when r.problems <> '[]'::jsonb then ${MSG.importRowProblem} else ${MSG.importDuplicateRow} end
    where r.import_id = ${importId} and r.outcome is null and (r.skip or r.problems <> '[]'::jsonb or ${repeats})`);
  await db.update(imports).set({ status: 'QUEUED', existing, committedAt: new Date() }).where(eq(imports.id, importId));
}

export async function setImportStatus(db: Db, importId: number, status: ImportStatus) {
  await db
    .update(imports)
    .set({ status, ...(status === 'DONE' ? { finishedAt: new Date() } : {}) })
    .where(eq(imports.id, importId));
}

/** The next rows without an outcome, in file order. */
export async function pendingRows(db: Db, importId: number, size: number) {
  return db
    .select({ row: importRows.row, values: importRows.values })
    .from(importRows)
    .where(and(eq(importRows.importId, importId), sql`${importRows.outcome} is null`))
    .orderBy(importRows.row)
    .limit(size);
}

/** The outcomes of a batch of rows, in one statement. */
export async function setRowOutcomes(
  db: Db,
  importId: number,
  outcomes: ReadonlyMap<number, { outcome: ImportOutcome; message: string | null; resultId: number | null }>,
) {
  if (outcomes.size === 0) return;
  const rows = [...outcomes];
  await db.execute(sql`
    update import_rows r set outcome = u.outcome, outcome_message = u.message, result_id = u.result_id
    from unnest(
      ${sql.param(rows.map(([row]) => row))}::int[],
      ${sql.param(rows.map(([, o]) => o.outcome))}::text[],
      ${sql.param(rows.map(([, o]) => o.message))}::text[],
      ${sql.param(rows.map(([, o]) => o.resultId))}::bigint[]
    ) as u(row, outcome, message, result_id)
    where r.import_id = ${importId} and r.row = u.row`);
}

/** The pending accounts an import created, for their activation cards. */
export async function createdUserIds(db: Db, businessId: number, importId: number): Promise<number[]> {
  const rows = await db
    .select({ id: importRows.resultId })
    .from(importRows)
    .innerJoin(imports, eq(imports.id, importRows.importId))
    .where(and(eq(imports.businessId, businessId), eq(importRows.importId, importId), eq(importRows.outcome, 'CREATED'), eq(imports.kind, 'MEMBERS')));
  return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
}

// ---------------------------------------------------------------- look-ups

/** The business's sites by lower-cased name and external ID. */
export async function siteKeys(db: Db, businessId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: teams.id, name: teams.name, externalId: teams.externalId })
    .from(teams)
    .where(eq(teams.businessId, businessId))
    .orderBy(teams.id);
  const keys = new Map<string, number>();
  for (const r of rows) {
    if (!keys.has(r.name.toLowerCase())) keys.set(r.name.toLowerCase(), r.id);
  }
  // An external ID names one site exactly, over a name another site has.
  for (const r of rows) if (r.externalId) keys.set(r.externalId.toLowerCase(), r.id);
  return keys;
}

export async function projectKeys(db: Db, businessId: number): Promise<Map<string, number>> {
  const rows = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.businessId, businessId)).orderBy(desc(projects.id));
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

export async function siteTypeKeys(db: Db, businessId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: lookups.id, en: lookups.nameEn, ar: lookups.nameAr })
    .from(lookups)
    .where(and(eq(lookups.businessId, businessId), eq(lookups.kind, 'TEAM_TYPE')));
  return new Map(rows.flatMap((r) => [[r.en.toLowerCase(), r.id] as const, [r.ar.toLowerCase(), r.id] as const]));
}

/**
 * The members of the business some of `keys` name (match keys "e:…" e-mail, "x:…" external ID,
 * "n:…" the name of a member without e-mail), by key.
 */
export async function existingMembers(db: Db, businessId: number, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  // Each kind of key joined on its own, so the look-up is a hash join over the business's members.
  const rows = rowsOf<{ key: string; user_id: number }>(
    await db.execute(sql`
      select k.key, min(x.user_id) as user_id
      from unnest(${textArray(keys)}) as k(key)
      join (
        select m.user_id, 'e:' || lower(u.email) as key
          from business_members m join users u on u.id = m.user_id
          where m.business_id = ${businessId} and u.email <> ''
        union all
        select m.user_id, 'x:' || lower(m.external_id)
          from business_members m
          where m.business_id = ${businessId} and m.external_id is not null
        union all
        select m.user_id, 'n:' || lower(u.full_name)
          from business_members m join users u on u.id = m.user_id
          where m.business_id = ${businessId} and u.email = ''
      ) x on x.key = k.key
      group by k.key`),
  );
  return new Map(rows.map((r) => [r.key, Number(r.user_id)]));
}

/** The sites of the business some of `keys` name ("x:…" external ID, "n:name@project"), by key. */
export async function existingSites(db: Db, businessId: number, keys: readonly string[]): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = rowsOf<{ key: string; id: number }>(
    await db.execute(sql`
      select k.key, min(t.id) as id
      from unnest(${textArray(keys)}) as k(key)
      join teams t on t.business_id = ${businessId}
      join projects p on p.id = t.project_id
      where k.key = 'x:' || lower(t.external_id) or k.key = 'n:' || lower(t.name) || '@' || lower(p.name)
      group by k.key`),
  );
  return new Map(rows.map((r) => [r.key, Number(r.id)]));
}

/** A member's business row, for an import that updates them. */
export async function updateMembership(db: Db, businessId: number, userId: number, values: { position?: string; externalId?: string }) {
  if (values.position === undefined && values.externalId === undefined) return;
  await db
    .update(businessMembers)
    .set(values)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.userId, userId)));
}

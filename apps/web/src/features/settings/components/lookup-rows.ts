// The editable rows of the lookups form and their validation with the shared schema: both the
// English and the Arabic name are required (spec §5).
import { lookups, type Lookups } from '@fieldops/shared/account';

export type LookupListName = 'projectTypes' | 'teamTypes';
export const LOOKUP_LISTS: readonly LookupListName[] = ['projectTypes', 'teamTypes'];

export interface LookupRow {
  /** A stable key for the row while editing (new rows have no id yet). */
  key: string;
  id?: number;
  nameEn: string;
  nameAr: string;
}

export type LookupRows = Record<LookupListName, LookupRow[]>;
/** Errors by "list.index.field", e.g. "teamTypes.2.nameAr". */
export type LookupErrors = Record<string, string>;

let counter = 0;
export const newRow = (): LookupRow => ({ key: `new-${(counter += 1)}`, nameEn: '', nameAr: '' });

export function rowsOf(data: Lookups): LookupRows {
  const toRows = (list: Lookups['projectTypes']) =>
    list.map((item) => ({ key: `id-${item.id ?? (counter += 1)}`, id: item.id, nameEn: item.nameEn, nameAr: item.nameAr }));
  return { projectTypes: toRows(data.projectTypes), teamTypes: toRows(data.teamTypes) };
}

export function validateLookups(rows: LookupRows): { body: Lookups | null; errors: LookupErrors } {
  const input = {
    projectTypes: rows.projectTypes.map(({ id, nameEn, nameAr }) => ({ id, nameEn, nameAr })),
    teamTypes: rows.teamTypes.map(({ id, nameEn, nameAr }) => ({ id, nameEn, nameAr })),
  };
  const result = lookups.safeParse(input);
  if (result.success) return { body: result.data, errors: {} };
  const errors: LookupErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    if (!errors[path]) errors[path] = issue.message;
  }
  return { body: null, errors };
}

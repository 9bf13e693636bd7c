// What a change changed, for its audit entry: the fields whose values differ, before and after.
// Only fields given in `after` are compared (an update that leaves a field out does not change it).

type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : (v ?? null));

/** The differing fields of `after` and their values in `before`; null when nothing changed. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const was: Fields = {};
  const is: Fields = {};
  for (const key of Object.keys(after)) {
    if (after[key] === undefined || same(plain(before[key]), plain(after[key]))) continue;
    was[key] = plain(before[key]);
    is[key] = plain(after[key]);
  }
  return Object.keys(is).length === 0 ? null : { before: was, after: is };
}

/** The fields named in `keys`, as an entry shows them (dates as ISO text). */
export function pick(row: Fields, keys: readonly string[]): Fields {
  const out: Fields = {};
  for (const key of keys) if (row[key] !== undefined) out[key] = plain(row[key]);
  return out;
}

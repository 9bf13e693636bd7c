// A file someone keeps names its photos and voice notes by links that keep working: before it is
// built, every link cell of the table gets the export's own link to its file (`keep`), made by the
// server for exactly these files (DESIGN §13, public links). The page's links, signed for minutes,
// stay in `url` for reading the pictures the PDF draws.
import { EXPORT_LINK_MAX_FILES } from '@fieldops/shared/limits';
import type { ExportLinkCreated } from '@fieldops/shared/reports';
import type { ExportTable } from './export-table.ts';

const FILE_KEY = /\/api\/files\/([a-f0-9]{32}\.[a-z0-9]{2,5})(?:[?#]|$)/;

/** The storage key a stored file's address names, or null for any other address. */
export function storedFileKeyOf(url: string): string | null {
  try {
    return FILE_KEY.exec(new URL(url, 'http://localhost').pathname + '?')?.[1] ?? null;
  } catch {
    return null;
  }
}

/**
 * Gives each link cell of `table` its lasting link, asking `create` for the links of the files the
 * table names (in as few calls as the per-call limit allows); a table without files asks nothing.
 */
export async function addLastingLinks(table: ExportTable, create: (keys: string[]) => Promise<ExportLinkCreated>, origin = window.location.origin) {
  const cells = table.rows.flatMap((row) => row.filter((cell) => typeof cell !== 'string' && cell.kind === 'link'));
  const keys = [...new Set(cells.map((cell) => storedFileKeyOf(cell.url)).filter((key): key is string => key !== null))];
  const lasting = new Map<string, string>();
  for (let start = 0; start < keys.length; start += EXPORT_LINK_MAX_FILES) {
    const created = await create(keys.slice(start, start + EXPORT_LINK_MAX_FILES));
    for (const { key, url } of created.files) lasting.set(key, new URL(url, origin).toString());
  }
  for (const cell of cells) {
    const key = storedFileKeyOf(cell.url);
    const keep = key ? lasting.get(key) : undefined;
    if (keep) cell.keep = keep;
  }
}

// Whose a stored file is: the business whose row names it (an answer's photo or voice, a held
// answer's, a ticket's attachment or comment image, the business's logo, an instruction's picture
// on an action, a task version or a template), or the person whose
// avatar it is, with the businesses that person belongs to. A file link is signed only for a
// caller the file's owner admits, and its signature names that owner (plugins/file-links.ts).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client.ts';
import { fileUrl } from '../plugins/storage.ts';

export interface FileOwner {
  /** What the signature names: `business:<id>`, or `user:<id>` for an avatar. */
  owner: string;
  /** The businesses whose members may see it. */
  businessIds: number[];
  /** The person whose avatar it is. */
  userId: number | null;
}

/** The owner of each of `keys` that some row names; a key no row names has none. */
export async function ownersOf(db: Db, keys: readonly string[]): Promise<Map<string, FileOwner>> {
  const owners = new Map<string, FileOwner>();
  if (keys.length === 0) return owners;
  const urls = keys.map(fileUrl);
  const rows = rowsOf<{ key: string; business_id: number | null; user_id: number | null }>(
    await db.execute(sql`
      SELECT file_key AS key, business_id, NULL::bigint AS user_id FROM action_results WHERE file_key = ANY(${sql.param(keys)}::text[])
      UNION ALL SELECT voice_key, business_id, NULL FROM action_results WHERE voice_key = ANY(${sql.param(keys)}::text[])
      UNION ALL SELECT file_key, business_id, NULL FROM held_answers WHERE file_key = ANY(${sql.param(keys)}::text[])
      UNION ALL SELECT voice_key, business_id, NULL FROM held_answers WHERE voice_key = ANY(${sql.param(keys)}::text[])
      UNION ALL SELECT file_key, business_id, NULL FROM ticket_attachments WHERE file_key = ANY(${sql.param(keys)}::text[])
      UNION ALL SELECT file_key, business_id, NULL FROM ticket_comments WHERE file_key = ANY(${sql.param(keys)}::text[])
      UNION ALL SELECT logo, id, NULL FROM businesses WHERE logo = ANY(${sql.param(urls)}::text[])
      UNION ALL SELECT image, business_id, NULL FROM actions WHERE image = ANY(${sql.param(urls)}::text[])
      UNION ALL SELECT u.url, v.business_id, NULL FROM task_versions v, jsonb_array_elements_text(v.image_urls) AS u(url)
        WHERE v.image_urls ?| ${sql.param(urls)}::text[] AND u.url = ANY(${sql.param(urls)}::text[])
      UNION ALL SELECT u.url, t.business_id, NULL FROM task_templates t, jsonb_array_elements_text(t.image_urls) AS u(url)
        WHERE t.business_id IS NOT NULL AND t.image_urls ?| ${sql.param(urls)}::text[] AND u.url = ANY(${sql.param(urls)}::text[])
      UNION ALL SELECT u.avatar, m.business_id, u.id FROM users u LEFT JOIN business_members m ON m.user_id = u.id
        WHERE u.avatar = ANY(${sql.param(urls)}::text[])`),
  );
  for (const row of rows) {
    const key = row.key.startsWith('/') ? (row.key.split('/').pop() ?? row.key) : row.key;
    const businessId = row.business_id === null ? null : Number(row.business_id);
    const userId = row.user_id === null ? null : Number(row.user_id);
    const known = owners.get(key) ?? { owner: '', businessIds: [], userId: null };
    if (businessId !== null && !known.businessIds.includes(businessId)) known.businessIds.push(businessId);
    if (userId !== null) known.userId = userId;
    owners.set(key, known);
  }
  for (const known of owners.values()) {
    known.businessIds.sort((a, b) => a - b);
    known.owner = known.userId !== null ? `user:${known.userId}` : `business:${known.businessIds[0]}`;
  }
  return owners;
}

/** Whether a caller of `businessIds` (user `userId`) may be handed a link to the file. */
export const admits = (file: FileOwner, userId: number, businessIds: readonly number[]) =>
  file.userId === userId || file.businessIds.some((id) => businessIds.includes(id));

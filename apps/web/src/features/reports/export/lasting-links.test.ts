import { describe, expect, it, vi } from 'vitest';
import { makeAnswer } from '../../../components/answer-view/test-fixtures.ts';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { buildCsv } from './csv.ts';
import { toExportTable } from './export-rows.ts';
import { buildJson } from './json.ts';
import { addLastingLinks, storedFileKeyOf } from './lasting-links.ts';

const PHOTO = 'a'.repeat(32) + '.png';
const VOICE = 'b'.repeat(32) + '.webm';
const signed = (key: string) => `/api/files/${key}?expires=1795868400&signature=${'s'.repeat(43)}`;

const table = () =>
  toExportTable(
    [
      makeAnswer(1, 'PHOTO', null, { file: signed(PHOTO) }),
      makeAnswer(2, 'VOICE', null, { voice: signed(VOICE) }),
      makeAnswer(3, 'PHOTO', null, { file: signed(PHOTO) }),
      makeAnswer(4, 'NUMBER', 3),
    ],
    { t: i18n.getFixedT('en'), language: 'en', timeZone: 'UTC', projectName: () => '', subtitle: '' },
  );

describe('lasting links of an export', () => {
  it("write each file's own lasting link, asked for once per file, while the page's link stays for reading it", async () => {
    const create = vi.fn(async (keys: string[]) => ({
      id: 7,
      expiresAt: '2027-11-28T00:00:00.000Z',
      files: keys.map((key) => ({ key, url: `/api/export-links/${'T'.repeat(43)}/${key}` })),
    }));
    const exported = table();
    await addLastingLinks(exported, create);
    expect(create).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]![0].sort()).toEqual([PHOTO, VOICE]);

    const lasting = (key: string) => `${window.location.origin}/api/export-links/${'T'.repeat(43)}/${key}`;
    expect(exported.rows[0]![6]).toMatchObject({ url: `${window.location.origin}${signed(PHOTO)}`, keep: lasting(PHOTO) });
    const csv = buildCsv(exported);
    expect(csv).toContain(lasting(PHOTO));
    expect(csv).toContain(lasting(VOICE));
    expect(csv).not.toContain('signature=');
    expect(buildJson(exported)).not.toContain('signature=');
  });

  it('ask nothing for an export without files', async () => {
    const create = vi.fn();
    const exported = toExportTable([makeAnswer(4, 'NUMBER', 3)], {
      t: i18n.getFixedT('en'),
      language: 'en',
      timeZone: 'UTC',
      projectName: () => '',
      subtitle: '',
    });
    await addLastingLinks(exported, create);
    expect(create).not.toHaveBeenCalled();
  });

  it("read a stored file's key from its address, signed or not, and from no other address", () => {
    expect(storedFileKeyOf(signed(PHOTO))).toBe(PHOTO);
    expect(storedFileKeyOf(`https://app.example.com/api/files/${PHOTO}`)).toBe(PHOTO);
    expect(storedFileKeyOf(`https://elsewhere.example.com/files/${PHOTO}`)).toBeNull();
    expect(storedFileKeyOf(`/api/files/${PHOTO}/more`)).toBeNull();
  });
});

// The names an entry's sentence holds (people, tasks, actions, sites, addresses) are set apart from
// the sentence's direction, so an English name in an Arabic sentence, or an Arabic one in an English
// sentence, keeps its punctuation in place ("«Gate locked?»", not "«?Gate locked»").
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@fieldops/shared/audit-log';
import { ensureLanguage, i18n } from '../../../lib/i18n/i18n.ts';
import { describeEntry } from './describe-entry.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

const FSI = '\u2068';
const PDI = '\u2069';
const isolated = (name: string) => `${FSI}${name}${PDI}`;

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: '2026-11-28T09:15:00Z',
  kind: 'task.updated',
  actor: { id: 1, name: 'Sara Ahmed' },
  target: { type: 'task', id: 12, name: 'جولة ليلية' },
  before: null,
  after: null,
  data: {},
  ip: null,
  client: null,
  ...fields,
});

const describe_ = (value: AuditEntry) => describeEntry(i18n.t, (key) => i18n.exists(key), value);

describe('an entry as a sentence', () => {
  it.each(['en', 'ar'] as const)('isolates every name it holds, in %s', async (language) => {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
    const added = describe_(entry({ data: { part: { type: 'action', id: 40, name: 'Gate locked?', change: 'added' } } }));
    expect(added).toContain(isolated('Sara Ahmed'));
    expect(added).toContain(isolated('جولة ليلية'));
    expect(added).toContain(isolated('Gate locked?'));

    const placed = describe_(
      entry({ kind: 'member.site_added', target: { type: 'member', id: 7, name: 'عمر علي' }, after: { siteName: 'Tower A (North)', authority: 'SUPERVISOR' } }),
    );
    expect(placed).toContain(isolated('عمر علي'));
    expect(placed).toContain(isolated('Tower A (North)'));

    const mailed = describe_(
      entry({ kind: 'export.created', target: null, after: { what: 'inspection_report', format: 'pdf', via: 'mail', to: ['a@example.com', 'b@example.com'] } }),
    );
    expect(mailed).toContain(isolated('a@example.com'));
    expect(mailed).toContain(isolated('b@example.com'));

    // A target without a name is told by its kind and id, set apart as one name; an unknown kind too.
    const unknown = describe_(entry({ kind: 'webhook.endpoint_paused', target: { type: 'webhook', id: 3, name: null } }));
    expect(unknown).toContain(isolated('webhook.endpoint_paused'));
    expect(unknown).toContain(isolated('webhook #3'));
  });

  it('isolates nothing else: the words of the sentence stay as they are', () => {
    const sentence = describe_(
      entry({ kind: 'member.role_changed', target: { type: 'member', id: 7, name: 'Omar Ali' }, before: { role: 'MEMBER' }, after: { role: 'ADMIN' } }),
    );
    expect(sentence).toBe(`${isolated('Sara Ahmed')} changed ${isolated('Omar Ali')}'s role from Member to Admin`);
    // No name, no marks: "Someone" is the page's own word.
    expect(describe_(entry({ kind: 'auth.signed_out', actor: { id: null, name: null }, target: null }))).toBe('Someone signed out');
  });
});

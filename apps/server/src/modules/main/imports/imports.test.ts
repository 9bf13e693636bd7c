// Bulk imports through the API: a preview that writes nothing, every row's problems, fixes and
// skips in place, a commit written by the job once, the result file, a second import of the same
// file creating nothing, updates of existing members, sites, and the refusals.
import ExcelJS from 'exceljs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogPage } from '@fieldops/shared/audit-log';
import type { ImportRow, ImportSummary } from '@fieldops/shared/imports';
import { MSG } from '@fieldops/shared/messages';
import { businessMembers, invitations, teamMembers, teams, users } from '../../../db/schema.ts';
import { addMember, createBusinessWithOwner, createProject, createSite, multipart, type Caller } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { windows1256 } from '../../../test/encodings.ts';

let t: TestApp;
let owner: Caller;
let member: Caller;
let outsider: Caller;
let headOffice: number;
let mall: number;

beforeAll(async () => {
  t = await createTestApp({ jobs: { work: true } });
  owner = await createBusinessWithOwner(t.app, 'Nile Cleaning');
  member = await addMember(t.app, owner);
  outsider = await createBusinessWithOwner(t.app, 'Other Business');
  const project = await createProject(t.app, owner, { name: 'Retail' });
  headOffice = (await createSite(t.app, owner, project.id, { name: 'Head Office', externalId: 'HO-1' })).id;
  mall = (await createSite(t.app, owner, project.id, { name: 'مجمع الرياض' })).id;
});
afterAll(() => t.close());

const upload = (caller: Caller, kind: 'MEMBERS' | 'SITES', data: Buffer, filename = 'members.csv') => {
  const form = multipart({}, [{ field: 'file', filename, type: 'text/csv', data }]);
  return caller.request({ method: 'POST', url: `/api/v1/imports?kind=${kind}`, ...form });
};

async function preview(kind: 'MEMBERS' | 'SITES', data: Buffer): Promise<ImportSummary> {
  const res = await upload(owner, kind, data);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function rowsOf(id: number, filter = 'all'): Promise<ImportRow[]> {
  const res = await owner.request({ method: 'GET', url: `/api/v1/imports/${id}/rows?filter=${filter}&size=100` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function commitAndWait(id: number, existing: 'SKIP' | 'UPDATE' = 'SKIP'): Promise<ImportSummary> {
  const res = await owner.request({ method: 'POST', url: `/api/v1/imports/${id}/commit`, payload: { existing } });
  expect(res.statusCode, res.body).toBe(202);
  for (let i = 0; i < 200; i++) {
    const summary: ImportSummary = (await owner.request({ method: 'GET', url: `/api/v1/imports/${id}` })).json();
    if (summary.status === 'DONE') return summary;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the import did not finish');
}

const membersCount = async () => (await t.app.db.select().from(businessMembers).where(eq(businessMembers.businessId, owner.business.id))).length;

const MEMBERS_CSV = [
  'Name,Email,Sites,Role,Position,External ID',
  'Sara Ali,sara.ali@example.com,Head Office; مجمع الرياض,Supervisor,Cleaner,EMP-1', // 2 ready
  'نادية كريم,,HO-1,عضو,,EMP-2', // 3 ready, no e-mail
  'Omar Said,omar@@example,Head Office,,,', // 4 bad e-mail
  ',nameless@example.com,,,,', // 5 no name
  '7 Ahmed,seven@example.com,,,,', // 6 name starts with a digit
  'Khaled Omar,khaled@example.com,Nowhere,,,', // 7 unknown site
  'Sara Again,SARA.ALI@example.com,,,,', // 8 repeats row 2's e-mail
  'Huda Salem,huda@example.com,,Manager,,', // 9 unknown role
].join('\n');

describe('an import of members', () => {
  let id: number;

  it('previews every row with its problems and writes nothing', async () => {
    const before = await membersCount();
    const summary = await preview('MEMBERS', windows1256(MEMBERS_CSV));
    id = summary.id;
    expect(summary).toMatchObject({ kind: 'MEMBERS', status: 'PREVIEW', totalRows: 8, readyRows: 2, problemRows: 6, skippedRows: 0, doneRows: 0 });
    expect(await membersCount()).toBe(before);

    const problems = Object.fromEntries((await rowsOf(id, 'problems')).map((r) => [r.row, r.problems]));
    expect(problems).toEqual({
      4: [{ field: 'email', message: MSG.emailInvalid }],
      5: [{ field: 'name', message: MSG.required }],
      6: [{ field: 'name', message: MSG.nameInvalid }],
      7: [{ field: 'sites', message: MSG.importUnknownSite }],
      8: [{ field: 'row', message: MSG.importDuplicateRow }],
      9: [{ field: 'role', message: MSG.importUnknownRole }],
    });
    const all = await rowsOf(id);
    expect(all[1]!.values).toMatchObject({ name: 'نادية كريم', sites: 'HO-1', role: 'عضو' });
  });

  it('re-checks a fixed row, and skips a row on request', async () => {
    const fixed = await owner.request({ method: 'PUT', url: `/api/v1/imports/${id}/rows/4`, payload: { values: { email: 'omar.said@example.com' } } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ row: 4, problems: [], values: { name: 'Omar Said', email: 'omar.said@example.com' } });
    const stillBad = await owner.request({ method: 'PUT', url: `/api/v1/imports/${id}/rows/6`, payload: { values: { name: 'Ahmed 7' } } });
    expect(stillBad.json().problems).toEqual([]);
    // Skipping row 2 makes row 8 the first with its e-mail: no longer a repeat.
    await owner.request({ method: 'PUT', url: `/api/v1/imports/${id}/rows/2`, payload: { skip: true } });
    expect((await rowsOf(id)).find((r) => r.row === 8)!.problems).toEqual([]);
    await owner.request({ method: 'PUT', url: `/api/v1/imports/${id}/rows/2`, payload: { skip: false } });
    const summary: ImportSummary = (await owner.request({ method: 'GET', url: `/api/v1/imports/${id}` })).json();
    expect(summary).toMatchObject({ readyRows: 4, problemRows: 4 });
  });

  it('writes the ready rows once, skips the rest, and answers the result file', async () => {
    const before = await membersCount();
    const done = await commitAndWait(id);
    expect(done).toMatchObject({ status: 'DONE', doneRows: 8, outcomes: { created: 4, updated: 0, skipped: 4, failed: 0 } });
    const rows = await rowsOf(id);
    expect(await membersCount()).toBe(before + 4);

    const sara = rows.find((r) => r.row === 2)!;
    const [account] = await t.app.db.select().from(users).where(eq(users.id, sara.resultId!));
    expect(account).toMatchObject({ fullName: 'Sara Ali', email: 'sara.ali@example.com', activated: false, emailClaimed: false });
    const placements = await t.app.db.select().from(teamMembers).where(eq(teamMembers.userId, sara.resultId!));
    expect(placements.map((p) => [p.teamId, p.authority]).sort()).toEqual([
      [headOffice, 'SUPERVISOR'],
      [mall, 'SUPERVISOR'],
    ]);
    expect(await t.app.db.select().from(invitations).where(eq(invitations.userId, sara.resultId!))).toHaveLength(1);
    // Without an e-mail: an account waiting for its key, no invitation.
    const nadia = rows.find((r) => r.row === 3)!;
    const [noMail] = await t.app.db.select().from(users).where(eq(users.id, nadia.resultId!));
    expect(noMail).toMatchObject({ fullName: 'نادية كريم', email: '', activated: false });
    expect(noMail!.activationKey).toBeTruthy();
    expect(await t.app.db.select().from(invitations).where(eq(invitations.userId, nadia.resultId!))).toHaveLength(0);

    const res = await owner.request({ method: 'GET', url: `/api/v1/imports/${id}/result?language=ar` });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(9);
    expect(sheet.getRow(1).getCell(8).value).toBe('النتيجة');
    expect(sheet.getRow(2).getCell(8).value).toBe('تمت الإضافة');
    expect(sheet.getRow(5).values).toContain('تم التخطي: لا يزال الصف يحتوي على مشكلات');
    // Its rows hold the people imported: the download is an export in the audit log.
    const log = await owner.request({ method: 'GET', url: `/api/v1/audit-log?kind=export.created&targetType=import&targetId=${id}` });
    expect(log.json<AuditLogPage>().items).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ id: owner.userId }),
        target: { type: 'import', id, name: expect.any(String) },
        after: { what: 'import_result', format: 'xlsx', rows: 8, filters: { kind: 'MEMBERS', language: 'ar' } },
      }),
    ]);
  });

  it('creates nothing when the same file is imported again, and updates existing members when asked', async () => {
    const before = await membersCount();
    const again = await preview('MEMBERS', windows1256(MEMBERS_CSV));
    // Rows 2 and 8 (Sara's e-mail), 3 (Nadia's external ID) and 6 (the e-mail of the row fixed above).
    expect(again.existingRows).toBe(4);
    const done = await commitAndWait(again.id);
    expect(done.outcomes).toMatchObject({ created: 0, skipped: 8 });
    expect(await membersCount()).toBe(before);

    const existing = await addMember(t.app, owner);
    const [row] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, existing.userId));
    const csv = `Name,Email,Sites,Role,Position\nKnown Person,${row!.email},Head Office,Supervisor,Lead\nنادية كريم,,مجمع الرياض,,Driver\n`;
    const update = await preview('MEMBERS', Buffer.from(csv));
    expect(update.existingRows).toBe(2);
    expect((await commitAndWait(update.id, 'UPDATE')).outcomes).toMatchObject({ created: 0, updated: 2 });
    expect(await membersCount()).toBe(before + 1);
    const [placement] = await t.app.db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, existing.userId), eq(teamMembers.teamId, headOffice)));
    expect(placement).toMatchObject({ authority: 'SUPERVISOR', position: 'Lead' });
  });

  it('writes a batch one row at a time when writing it together fails, and fails only the row refused', async () => {
    // A rule of the data that refuses one account: the batch written together breaks on it.
    await t.app.db.execute(sql`alter table users add constraint no_broken_names check (full_name <> 'Broken Person') not valid`);
    try {
      const before = await membersCount();
      const csv = 'Name,Email,Sites\nFirst Person,first.person@example.com,Head Office\nBroken Person,,\nLast Person,,مجمع الرياض\n';
      const done = await commitAndWait((await preview('MEMBERS', Buffer.from(csv))).id);
      expect(done.outcomes).toMatchObject({ created: 2, failed: 1 });
      expect(await membersCount()).toBe(before + 2);
      expect((await rowsOf(done.id)).map((r) => [r.row, r.outcome, r.outcomeMessage])).toEqual([
        [2, 'CREATED', null],
        [3, 'FAILED', MSG.invalid],
        [4, 'CREATED', null],
      ]);
    } finally {
      await t.app.db.execute(sql`alter table users drop constraint no_broken_names`);
    }
  });

  it('prints the activation cards of the members one import made', async () => {
    const res = await owner.request({ method: 'POST', url: '/api/v1/users/activation-cards', payload: { importId: id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const other = await owner.request({ method: 'POST', url: '/api/v1/users/activation-cards', payload: { importId: id + 1000 } });
    expect(other.statusCode).toBe(404);
  });

  it('refuses changes once committed, a commit with nothing ready, members and other businesses', async () => {
    expect((await owner.request({ method: 'PUT', url: `/api/v1/imports/${id}/rows/4`, payload: { skip: true } })).statusCode).toBe(409);
    expect((await owner.request({ method: 'POST', url: `/api/v1/imports/${id}/commit`, payload: {} })).json().message).toBe(MSG.importStarted);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/imports/${id}` })).statusCode).toBe(409);

    const allBad = await preview('MEMBERS', Buffer.from('Name,Email\n9 Lives,x\n'));
    const nothing = await owner.request({ method: 'POST', url: `/api/v1/imports/${allBad.id}/commit`, payload: {} });
    expect([nothing.statusCode, nothing.json().message]).toEqual([409, MSG.importNothingReady]);
    expect((await owner.request({ method: 'DELETE', url: `/api/v1/imports/${allBad.id}` })).statusCode).toBe(204);
    expect((await owner.request({ method: 'GET', url: `/api/v1/imports/${allBad.id}` })).statusCode).toBe(404);

    expect((await upload(member, 'MEMBERS', Buffer.from('Name\nAli\n'))).statusCode).toBe(403);
    expect((await member.request({ method: 'GET', url: `/api/v1/imports/${id}` })).statusCode).toBe(403);
    for (const url of [`/api/v1/imports/${id}`, `/api/v1/imports/${id}/rows`, `/api/v1/imports/${id}/result`]) {
      expect((await outsider.request({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await outsider.request({ method: 'GET', url: '/api/v1/imports' })).json()).toEqual([]);
    expect((await outsider.request({ method: 'PUT', url: `/api/v1/imports/${id}/rows/4`, payload: { skip: true } })).statusCode).toBe(404);
  });

  it('refuses a file too large or unreadable with a clear problem, and keeps nothing', async () => {
    const before = (await owner.request({ method: 'GET', url: '/api/v1/imports' })).json().length;
    const large = await upload(owner, 'MEMBERS', Buffer.concat([Buffer.from('Name\n'), Buffer.alloc(10 * 1024 * 1024, 'a\n')]));
    expect([large.statusCode, large.json().message]).toEqual([413, MSG.importTooLarge]);
    const binary = await upload(owner, 'MEMBERS', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect([binary.statusCode, binary.headers['content-type']]).toEqual([400, 'application/problem+json; charset=utf-8']);
    expect(binary.json().message).toBe(MSG.importEncoding);
    const none = await owner.request({ method: 'POST', url: '/api/v1/imports?kind=MEMBERS', ...multipart({ other: 'x' }) });
    expect(none.statusCode).toBe(400);
    expect((await owner.request({ method: 'GET', url: '/api/v1/imports' })).json()).toHaveLength(before);
  });
});

describe('an import of sites', () => {
  it('checks projects, coordinates, radius and type, then creates and updates sites', async () => {
    const csv = [
      'الاسم,المشروع,خط العرض,خط الطول,نطاق الموقع (م),النوع,المعرف الخارجي',
      'فرع جدة,Retail,"21,5433",39.1728,150,,JED-1',
      'Dammam Branch,Retail,26.4207,50.0888,,,DMM-1',
      'Nowhere Branch,Unknown Project,,,,,',
      'Far Branch,Retail,95,10,,,',
      'Half Branch,Retail,24.1,,5,,',
      'Typed Branch,Retail,,,,Spaceport,',
    ].join('\n');
    const summary = await preview('SITES', Buffer.from(csv));
    expect(summary).toMatchObject({ totalRows: 6, readyRows: 2 });
    const problems = Object.fromEntries((await rowsOf(summary.id, 'problems')).map((r) => [r.row, r.problems.map((p) => `${p.field}: ${p.message}`)]));
    expect(problems).toEqual({
      4: [`project: ${MSG.importUnknownProject}`],
      5: ['latitude: This must be at most 90'],
      6: [`longitude: ${MSG.coordinatesIncomplete}`, 'radius: This must be at least 10'],
      7: [`type: ${MSG.importUnknownSiteType}`],
    });
    expect((await commitAndWait(summary.id)).outcomes).toMatchObject({ created: 2, skipped: 4 });
    const [jeddah] = await t.app.db
      .select()
      .from(teams)
      .where(and(eq(teams.businessId, owner.business.id), eq(teams.externalId, 'JED-1')));
    expect(jeddah).toMatchObject({ name: 'فرع جدة', latitude: 21.5433, longitude: 39.1728, radius: 150 });

    const again = await preview('SITES', Buffer.from('Name,Project,External ID,Geofence radius (m)\nJeddah Branch,Retail,JED-1,300\n'));
    expect(again.existingRows).toBe(1);
    expect((await commitAndWait(again.id, 'UPDATE')).outcomes).toMatchObject({ updated: 1 });
    const [updated] = await t.app.db
      .select()
      .from(teams)
      .where(inArray(teams.id, [jeddah!.id]));
    expect(updated).toMatchObject({ name: 'Jeddah Branch', radius: 300 });
  });

  it('writes values that look like formulas into the result as text', async () => {
    const done = await commitAndWait(
      (await preview('SITES', Buffer.from('Name,Project\nSafe Branch,Retail\nFormula Branch,"=HYPERLINK(""http://x.test"",""open"")"\n'))).id,
    );
    const res = await owner.request({ method: 'GET', url: `/api/v1/imports/${done.id}/result` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cell = book.worksheets[0]!.getRow(3).getCell(3);
    expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.String, '=HYPERLINK("http://x.test","open")']);
  });

  it('answers the template in either language', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/imports/template?kind=SITES&language=ar' });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(1).value).toBe('الاسم *');
    expect(book.worksheets[0]!.views[0]).toMatchObject({ rightToLeft: true });
    // Sent back unchanged, it imports nothing: the example is on a sheet of its own.
    expect(book.worksheets[0]!.rowCount).toBe(1);
    expect(book.worksheets[1]!.getRow(2).getCell(1).value).toBe('مجمع الرياض');
    const unchanged = await upload(owner, 'SITES', res.rawPayload, 'sites.xlsx');
    expect([unchanged.statusCode, unchanged.json().message]).toEqual([400, MSG.importEmpty]);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@fieldops/shared/messages';
import { i18n } from '../../lib/i18n/i18n.ts';
import { SessionContext } from '../../lib/session/session-context.ts';
import { renderRoutes } from '../../test/render.tsx';
import { fakeSession } from '../../test/session.tsx';
import { FILES, WORKFLOW, makeReport, problem, stubServer } from './test/fixtures.ts';
import { InspectionReportPage } from './inspection-report-page.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const REPORT = `${WORKFLOW}/schedules/40/inspection/report`;

function renderPage(route = '/schedules/40/report', session = fakeSession()) {
  return renderRoutes(
    [
      {
        path: '/schedules/:scheduleId/report',
        element: (
          <SessionContext.Provider value={session}>
            <InspectionReportPage />
          </SessionContext.Provider>
        ),
      },
    ],
    { route },
  );
}

const serve = (report = makeReport()) => stubServer(({ path }) => (path === REPORT ? Response.json(report) : undefined));

describe('inspection report page', () => {
  it('shows the cover: the business, the task, where, who and when, the score and the failed items', async () => {
    serve();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen check' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo of Acme Services' })).toHaveAttribute('src', FILES.logo);
    expect(screen.getByText('Acme Services')).toBeInTheDocument();
    const facts = Object.fromEntries(Array.from(document.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(facts).toMatchObject({
      Site: 'Tower A',
      Project: 'Downtown',
      Member: 'Omar Haddad',
      Position: 'Shift supervisor',
      // In Riyadh's time, whatever the device's zone.
      Date: 'Sat, Mar 14, 2026 · 8:00 AM – 5:00 PM',
      'Last answer': 'Mar 14, 2026, 9:40 AM',
    });
    expect(screen.getByTestId('inspection-score')).toHaveTextContent('62.5%');
    expect(screen.getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('Pass mark: 80%')).toBeInTheDocument();
    const failed = screen.getByRole('list', { name: 'Failed items' });
    expect(
      within(failed)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fridge temperature', 'Is the storeroom locked?']);
  });

  it('shows each section with its score and each answer as given, in the order of the task', async () => {
    serve();
    renderPage();

    await screen.findByRole('heading', { level: 1, name: 'Kitchen check' });
    // Headings in order: the task, its result, then the sections, the part before the first under "General".
    expect(screen.getAllByRole('heading').map((heading) => `${heading.tagName} ${heading.textContent}`)).toEqual([
      'H1 Kitchen check',
      'H2 Result',
      'H3 Failed items',
      'H2 General',
      'H2 Kitchen',
      'H2 Storage',
    ]);
    expect(within(screen.getByRole('region', { name: 'General' })).getByText('Section score: 100%')).toBeInTheDocument();
    expect(screen.getByText('Section score: 50%')).toBeInTheDocument();
    expect(screen.getByText('Section score: 60%')).toBeInTheDocument();

    // An instruction shows its text and nothing else.
    const gloves = screen.getByRole('region', { name: 'Wear gloves' });
    expect(within(gloves).getByText('Put on gloves before you start.')).toBeInTheDocument();
    expect(within(gloves).queryByText('No answer')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Is the entrance clean?' })).getByText('Yes')).toBeInTheDocument();

    const kitchen = screen.getByRole('region', { name: 'Kitchen' });
    const fridge = within(kitchen).getByRole('region', { name: 'Fridge temperature' });
    expect(within(fridge).getByText('9 °C')).toBeInTheDocument();
    expect(within(fridge).getByText('Out of range')).toBeInTheDocument();
    expect(within(fridge).getByText('Flagged')).toBeInTheDocument();
    expect(within(fridge).getByText(/The door does not close/)).toBeInTheDocument();
    // Asked, not answered.
    expect(within(within(kitchen).getByRole('region', { name: 'Remarks' })).getByText('No answer')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Overall tidiness' })).getByText('4 of 5 stars')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Is the entrance clean?' })).queryByText('Out of range')).not.toBeInTheDocument();
  });

  it('shows an unfinished inspection as not finished, with its score so far, and marks an answer given outside the site', async () => {
    const report = makeReport();
    const answers = report.inspection.answers.map((answer) => (answer.action.id === 102 ? { ...answer, outside: true } : answer));
    serve(makeReport({ inspection: { schedule: { ...report.inspection.schedule, status: 'inProgress' }, answers } }));
    renderPage();

    expect(await screen.findByTestId('inspection-score')).toHaveTextContent('62.5%');
    expect(screen.getByText('Not finished')).toBeInTheDocument();
    expect(screen.getByText(/The score so far/)).toBeInTheDocument();
    expect(screen.queryByText('Failed')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Is the entrance clean?' })).getByText('Given outside the site')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Overall tidiness' })).queryByText('Given outside the site')).not.toBeInTheDocument();
  });

  it('shows photos as thumbnails that open the full file, the signature as drawn and voice notes as links', async () => {
    serve();
    renderPage();

    const photo = within(await screen.findByRole('region', { name: 'Photo of the damage' })).getByRole('link', { name: 'Photo for Photo of the damage' });
    expect(photo).toHaveAttribute('href', FILES.photo);
    expect(photo).toHaveAttribute('target', '_blank');
    const thumbnail = within(photo).getByRole('img', { name: 'Photo for Photo of the damage' });
    expect(thumbnail).toHaveAttribute('src', FILES.photo);
    expect(thumbnail).toHaveAttribute('width', '160');

    const signature = screen.getByRole('region', { name: "Inspector's signature" });
    expect(within(signature).getByRole('img', { name: "Signature for Inspector's signature" })).toHaveAttribute('src', FILES.signature);
    const voice = screen.getByRole('region', { name: 'Anything else?' });
    expect(within(voice).getByRole('link', { name: 'Voice note for Anything else?' })).toHaveAttribute('href', FILES.voice);
    expect(within(voice).getByText(/Spoken by the supervisor/)).toBeInTheDocument();
  });

  it('leaves out what chain rules hide: an unanswered question and a whole section', async () => {
    serve();
    renderPage();

    await screen.findByRole('region', { name: 'Is the storeroom locked?' });
    expect(screen.queryByText('Which shelves were checked?')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Roof' })).not.toBeInTheDocument();
    expect(screen.queryByText('Roof condition')).not.toBeInTheDocument();
  });

  it('keeps an answered question even when the answers now hide it', async () => {
    const report = makeReport();
    const shelves = report.inspection.version?.content.actions.find((action) => action.id === 122);
    if (!shelves) throw new Error('fixture');
    report.inspection.answers.push({
      ...report.inspection.answers[0],
      id: 999,
      action: { ...report.inspection.answers[0].action, id: 122, nameEn: shelves.nameEn, type: 'MULTIPLE_CHOICE', options: shelves.options },
      value: ['0'],
    });
    serve(report);
    renderPage();

    expect(within(await screen.findByRole('region', { name: 'Which shelves were checked?' })).getByText('Top')).toBeInTheDocument();
  });

  it('offers the PDF in the language of the screen, and says "Not scored" without a score', async () => {
    serve(makeReport({ inspection: { score: null } }));
    renderPage();

    expect(await screen.findByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `${WORKFLOW}/schedules/40/inspection/report.pdf?lang=en`);
    expect(screen.getByText('Not scored')).toBeInTheDocument();
    expect(screen.queryByTestId('inspection-score')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Failed items' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share link' })).toBeInTheDocument();
  });

  it("offers e-mail and links only to those who manage the report's site; the PDF to anyone who reads it", async () => {
    serve();
    const member = renderPage('/schedules/40/report', fakeSession({ role: 'MEMBER' }));
    expect(await screen.findByRole('link', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'E-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share link' })).not.toBeInTheDocument();
    member.unmount();

    // The supervisor of Tower A, the schedule's site.
    renderPage('/schedules/40/report', fakeSession({ role: 'MEMBER', teams: [{ id: 4, name: 'Tower A', authority: 'SUPERVISOR', position: null }] }));
    expect(await screen.findByRole('button', { name: 'E-mail' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Share link' })).toBeInTheDocument();
  });

  it('downloads the PDF with the session, under the name the server gives it', async () => {
    localStorage.setItem('id_token', 'tok');
    localStorage.setItem('apiKey', 'key-2');
    const calls = stubServer(({ path }) => {
      if (path === REPORT) return Response.json(makeReport());
      if (path === `${REPORT}.pdf`)
        return new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="kitchen-check.pdf"' } });
      return undefined;
    });
    const saved: { href: string; download: string }[] = [];
    // jsdom keeps no files: the saved one is told by the link made to it.
    const objectUrls = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:report');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderPage();

    await userEvent.click(await screen.findByRole('link', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:report', download: 'kitchen-check.pdf' }]));
    const pdf = calls.find((call) => call.path === `${REPORT}.pdf`);
    expect(pdf?.search.get('lang')).toBe('en');
    expect(pdf?.headers.get('Authorization')).toBe('Bearer tok');
    click.mockRestore();
    objectUrls.mockRestore();
  });

  it('reads right to left in Arabic, with the Arabic names and the Arabic PDF', async () => {
    await i18n.changeLanguage('ar');
    serve();
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'فحص المطبخ' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(screen.getByText('راسب')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'المطبخ' })).toBeInTheDocument();
    expect(screen.getByText('درجة القسم: 50%')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'حرارة الثلاجة' })).getByText('خارج النطاق')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تنزيل PDF' })).toHaveAttribute('href', `${WORKFLOW}/schedules/40/inspection/report.pdf?lang=ar`);
  });

  it('says so when the schedule has no answers yet, and offers nothing to send', async () => {
    serve(makeReport({ inspection: { version: null, answers: [], score: null } }));
    renderPage();

    expect(await screen.findByText('Not answered yet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Kitchen check' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'E-mail' })).not.toBeInTheDocument();
  });

  it('says the report was not found for an unknown schedule, without offering to try again', async () => {
    stubServer(() => problem(404, MSG.scheduleNotFound));
    renderPage('/schedules/999/report');

    expect(await screen.findByText('This report was not found')).toBeInTheDocument();
    expect(screen.getByText(MSG.scheduleNotFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the task' })).toHaveAttribute('href', '/tracker/999');
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberProjectTasks, MemberTask } from '@fieldops/shared/plans';
import { i18n } from '../../../lib/i18n/i18n.ts';
import { problem, renderWithSession, stubFetch } from '../../../test/session.tsx';
import { omar } from '../test/fixtures.ts';
import { MemberTasksTab } from './member-tasks-tab.tsx';

const TASKS = '/services/workflow/api/v1/users/3/tasks-by-project';

const task = (taskId: number, nameEn: string, nameAr: string, values: Partial<MemberTask> = {}): MemberTask => ({
  taskId,
  taskNameEn: nameEn,
  taskNameAr: nameAr,
  sites: [{ id: 1, name: 'Tower A' }],
  plans: 1,
  activePlans: 1,
  done: 0,
  late: 0,
  missed: 0,
  open: 0,
  total: 0,
  completionRate: null,
  ...values,
});

const projects: MemberProjectTasks[] = [
  {
    projectId: 7,
    projectName: 'Downtown',
    tasks: [
      task(5, 'Lobby inspection', 'فحص الردهة', {
        sites: [
          { id: 1, name: 'Tower A' },
          { id: 2, name: 'Tower B' },
        ],
        plans: 2,
        activePlans: 1,
        done: 3,
        missed: 1,
        open: 2,
        total: 6,
        completionRate: 50,
      }),
      task(6, 'Night round', 'جولة ليلية'),
    ],
  },
  { projectId: 8, projectName: 'Airport', tasks: [task(9, 'Fire drill', 'تمرين الحريق', { done: 4, total: 4, completionRate: 100 })] },
];

function stubServer(answer: () => Response) {
  const stub = stubFetch(({ path }) => (path === TASKS ? answer() : undefined));
  vi.stubGlobal('fetch', stub.fetchMock);
  return stub.calls;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

describe("member's Tasks tab", () => {
  it('groups the tasks by project, each with its sites, plans and the last 30 days', async () => {
    const calls = stubServer(() => Response.json(projects));
    renderWithSession(<MemberTasksTab member={omar} />, { route: '/members/3?tab=tasks' });

    const downtown = await screen.findByRole('region', { name: 'Downtown' });
    expect(within(downtown).getByRole('link', { name: 'Downtown' })).toHaveAttribute('href', '/projects/7');
    expect(within(downtown).getByText('Tasks: 2')).toBeInTheDocument();
    const lobby = within(downtown).getByRole('listitem', { name: 'Lobby inspection' });
    expect(within(lobby).getByRole('link', { name: 'Lobby inspection' })).toHaveAttribute('href', '/tasks/5');
    expect(lobby).toHaveTextContent('Sites: Tower A and Tower B');
    for (const text of ['Plans: 2', 'Active: 1', 'Done: 3', 'Missed: 1', 'Open: 2', 'Completion: 50%']) {
      expect(within(lobby).getByText(text)).toBeInTheDocument();
    }
    // A task with no schedule in the period says so, with no rate.
    const night = within(downtown).getByRole('listitem', { name: 'Night round' });
    expect(within(night).getByText('No schedules in the last 30 days')).toBeInTheDocument();
    expect(within(night).queryByText(/Completion/)).not.toBeInTheDocument();

    const airport = screen.getByRole('region', { name: 'Airport' });
    expect(within(airport).getByRole('listitem', { name: 'Fire drill' })).toHaveTextContent('Completion: 100%');
    expect(screen.getByText('The tasks Omar Haddad is scheduled for, by project. Outcomes count the last 30 days.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === TASKS)).toHaveLength(1);
  });

  it('says so when the member has no tasks yet', async () => {
    stubServer(() => Response.json([]));
    renderWithSession(<MemberTasksTab member={omar} />);
    expect(await screen.findByText('No tasks yet')).toBeInTheDocument();
    expect(screen.getByText('Tasks appear here once an execution plan schedules them for Omar Haddad.')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows a failed load with Try Again, and the tasks once it works', async () => {
    let broken = true;
    stubServer(() => (broken ? problem(500, 'error.internal') : Response.json(projects)));
    const user = userEvent.setup();
    renderWithSession(<MemberTasksTab member={omar} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry! Something went wrong');
    expect(alert).toHaveTextContent("We're fixing an issue. Try again later.");
    broken = false;
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Downtown' })).toBeInTheDocument();
  });

  it("says 'Unexpected error' with Try Again for a status the catalogue does not name (spec §8)", async () => {
    stubServer(() => new Response('teapot', { status: 418 }));
    renderWithSession(<MemberTasksTab member={omar} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unexpected error');
    expect(alert).not.toHaveTextContent("Failed to fetch the member's tasks");
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await i18n.changeLanguage('ar');
    stubServer(() => Response.json(projects));
    renderWithSession(<MemberTasksTab member={omar} />);
    const downtown = await screen.findByRole('region', { name: 'Downtown' });
    const lobby = within(downtown).getByRole('listitem', { name: 'فحص الردهة' });
    expect(lobby).toHaveTextContent('المواقع: Tower A وTower B');
    for (const text of ['الخطط: 2', 'النشطة: 1', 'منجزة: 3', 'فائتة: 1', 'مفتوحة: 2', 'نسبة الإنجاز: 50%']) {
      expect(within(lobby).getByText(text)).toBeInTheDocument();
    }
    expect(within(downtown).getByText('المهام: 2')).toBeInTheDocument();
  });
});

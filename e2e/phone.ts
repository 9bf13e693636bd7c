// The member's phone in the offline journeys: the business and the schedules they answer, set up
// through the API; a persistent Chromium profile with a fake microphone and a position inside the
// site; and what the device and the server hold.
import { chromium, expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, WORKFLOW, addActiveMember, apiToken, call, moveToDaytimeZone, planToday, t, unique, type Lang } from './support.ts';

export const SITE = { latitude: 24.7004, longitude: 46.7004 };
export const INSIDE = { latitude: SITE.latitude + 0.0003, longitude: SITE.longitude, accuracy: 12 };
export const PHONE = { width: 390, height: 844 };
export interface Task {
  id: number;
  name: string;
  actions: { name: string; type: string }[];
}

export interface Setup {
  token: string;
  member: { id: number; username: string; email: string; password: string };
  tasks: Task[];
  scheduleIds: number[];
}

export interface StoredAnswer {
  id: number;
  action: { id: number; type: string };
  value: unknown;
  file: string | null;
  voice: string | null;
  capturedAt: string;
  late: boolean;
}

/** Through the API: a site, a member, and one schedule today for each of `tasks`, open now. */
export async function prepare(request: APIRequestContext, lang: Lang, tasks: { name: string; actions: { name: string; type: string }[] }[]): Promise<Setup> {
  const token = await apiToken(request, DEMO.username, DEMO.password);
  const today = await moveToDaytimeZone(request, token);

  const suffix = unique().replace(/[0-9]/g, 'x');
  const projects = await call<{ id: number }[]>(request, token, 'GET', '/api/v1/projects/all/business?page=0&size=1');
  const site = await call<{ id: number }>(request, token, 'POST', '/api/v1/teams', {
    name: `Basement ${suffix}`,
    projectId: projects[0].id,
    ...SITE,
    radius: 150,
  });
  const member = {
    name: lang === 'en' ? `Offline Member ${suffix}` : `عضو دون اتصال ${suffix}`,
    email: `offline.${suffix}@example.com`,
    password: 'field-pass-1',
  };
  const { userId, username } = await addActiveMember(request, token, site.id, member);

  const created: Task[] = [];
  const scheduleIds: number[] = [];
  for (const task of tasks) {
    const name = `${task.name} ${suffix}`;
    const { id } = await call<{ id: number }>(request, token, 'POST', `${WORKFLOW}/v1/tasks`, {
      nameEn: lang === 'en' ? name : null,
      nameAr: lang === 'ar' ? name : null,
      geoRestrictionEnabled: true,
    });
    for (const action of task.actions) {
      await call(request, token, 'POST', `${WORKFLOW}/v1/actions`, {
        taskId: id,
        nameEn: lang === 'en' ? action.name : null,
        nameAr: lang === 'ar' ? action.name : null,
        type: action.type,
        required: true,
      });
    }
    const [schedule] = await planToday(request, token, { taskId: id, siteId: site.id, userId, today });
    expect(schedule, `today's schedule of ${name}`).toBeTruthy();
    created.push({ id, name, actions: task.actions });
    scheduleIds.push(schedule.id);
  }
  return { token, member: { id: userId, username, email: member.email, password: member.password }, tasks: created, scheduleIds };
}

/** The member's phone: a persistent profile (its storage outlives the browser), a fake microphone. */
export async function openPhone(dir: string, offline = false): Promise<BrowserContext> {
  const { launchOptions, baseURL } = test.info().project.use;
  return chromium.launchPersistentContext(dir, {
    executablePath: launchOptions?.executablePath,
    args: [...(launchOptions?.args ?? []), '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
    baseURL,
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    geolocation: INSIDE,
    permissions: ['geolocation', 'microphone'],
    serviceWorkers: 'allow',
    offline,
  });
}

export async function signInAsMember(page: Page, lang: Lang, setup: Setup) {
  await page.goto('/login');
  await page.getByLabel(t(lang, 'login.username')).fill(setup.member.username);
  await page.getByLabel(t(lang, 'login.password'), { exact: true }).fill(setup.member.password);
  await page.getByRole('button', { name: t(lang, 'actions.signIn') }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** What the device keeps: the copied schedules, the outbox's entries by status, and the names of its records. */
export function deviceStore(page: Page) {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create it empty: look first.
    if (!(await indexedDB.databases()).some((known) => known.name === 'fieldops-device'))
      return { schedules: [] as number[], outbox: [] as string[], meta: [] as string[] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('fieldops-device');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
      });
    const schedules = await all<{ id: number }>('schedules');
    const outbox = await all<{ status: string }>('outbox');
    const meta = await new Promise<string[]>((resolve) => {
      const request = db.transaction('meta').objectStore('meta').getAllKeys();
      request.onsuccess = () => resolve(request.result.map(String));
    });
    db.close();
    return { schedules: schedules.map((s) => s.id).sort(), outbox: outbox.map((e) => e.status), meta };
  });
}

export async function answersOf(request: APIRequestContext, setup: Setup, scheduleId: number) {
  return (await call<{ answers: StoredAnswer[]; status: string }>(request, setup.token, 'GET', `${WORKFLOW}/schedules/${scheduleId}?eagerLoad=true`)).answers;
}

// The copy on the device of what a member needs to work without a network: the session (who they
// are, in which business) and their schedules for today and the next two days with each one's
// task, actions, chain rules, site and geofence, and its instructions' pictures
// (instruction-images.ts). Refreshed whenever the network is there; read
// when a call cannot reach the server. A copy is only ever read back for the same sign-in.
import type { Schedule, ScheduleDetail } from '@fieldops/shared/schedules';
import { api } from '../api-client.ts';
import { addDays, zonedDay } from '../business-time.ts';
import type { Session } from '../session/types.ts';
import { getToken } from '../storage.ts';
import { deviceDb, type ScheduleCopy } from './device-db.ts';
import { forgetInstructionImages, keepInstructionImages } from './instruction-images.ts';

/** Today and the next two days, in the business's time zone. */
export const COPY_DAYS = 3;
const PAGE_SIZE = 100;
const MAX_PAGES = 5;
/** Schedule details fetched at once while refreshing. */
const PARALLEL = 4;

interface SessionCopy {
  token: string;
  session: Session;
  savedAt: string;
}

interface RefreshMark {
  userId: number;
  businessId: number;
  at: string;
}

/** Keeps the session just loaded, under the token it was loaded with. */
export async function saveSessionCopy(session: Session): Promise<void> {
  const open = deviceDb();
  const token = getToken();
  if (!open || !token) return;
  const copy: SessionCopy = { token, session, savedAt: new Date().toISOString() };
  await (await open).put('meta', copy, 'session');
}

/** The session kept for this very sign-in, or null. */
export async function readSessionCopy(): Promise<Session | null> {
  const open = deviceDb();
  const token = getToken();
  if (!open || !token) return null;
  const copy = (await (await open).get('meta', 'session')) as SessionCopy | undefined;
  return copy?.token === token ? copy.session : null;
}

/** Signing out forgets the session and the schedules; the outbox stays for its member's return. */
export async function forgetDeviceCopy(): Promise<void> {
  const open = deviceDb();
  if (!open) return;
  const db = await open;
  const tx = db.transaction(['meta', 'schedules'], 'readwrite');
  const meta = tx.objectStore('meta');
  await Promise.all([meta.delete('session'), meta.delete('refreshed'), meta.delete('auth'), tx.objectStore('schedules').clear()]);
  await tx.done;
  await forgetInstructionImages().catch(() => {});
}

async function fetchOwnSchedules(today: string, signal?: AbortSignal): Promise<Schedule[]> {
  const found: Schedule[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { data, total } = await api.list<Schedule>('/schedules/user-schedules', {
      base: 'workflow',
      params: { page, size: PAGE_SIZE, sort: 'start,asc', startDate: today, endDate: addDays(today, COPY_DAYS - 1) },
      signal,
    });
    found.push(...data);
    if (data.length < PAGE_SIZE || found.length >= total) break;
  }
  return found;
}

async function inBatches<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let index = 0; index < items.length; index += size) results.push(...(await Promise.all(items.slice(index, index + size).map(work))));
  return results;
}

/**
 * Fetches the member's schedules of the next three days in full and replaces their copy. A
 * failure part-way keeps the copy as it was: it is written in one transaction at the end.
 */
export async function refreshScheduleCopy(session: Pick<Session, 'account' | 'business'>, signal?: AbortSignal): Promise<number> {
  const open = deviceDb();
  if (!open) return 0;
  const userId = session.account.id;
  const businessId = session.business.id;
  const today = zonedDay(new Date(), session.business.timeZone);
  const list = await fetchOwnSchedules(today, signal);
  const details = await inBatches(list, PARALLEL, (item) =>
    api.get<ScheduleDetail>(`/schedules/${item.id}`, { base: 'workflow', params: { eagerLoad: true }, signal }),
  );
  const savedAt = new Date().toISOString();
  const db = await open;
  const tx = db.transaction(['schedules', 'meta'], 'readwrite');
  const schedules = tx.objectStore('schedules');
  for (const id of await schedules.getAllKeys()) await schedules.delete(id);
  for (const detail of details) await schedules.put({ id: detail.id, userId, businessId, detail, savedAt });
  const mark: RefreshMark = { userId, businessId, at: savedAt };
  await tx.objectStore('meta').put(mark, 'refreshed');
  await tx.done;
  // After the copy is written: a picture that cannot be kept now never holds the copy back.
  await keepInstructionImages(details, signal).catch(() => 0);
  return details.length;
}

/** When the member's copy was last refreshed (ISO), or null when there is none. */
export async function copyRefreshedAt(userId: number, businessId: number): Promise<string | null> {
  const open = deviceDb();
  if (!open) return null;
  const mark = (await (await open).get('meta', 'refreshed')) as RefreshMark | undefined;
  return mark && mark.userId === userId && mark.businessId === businessId ? mark.at : null;
}

/** The member's copied schedules, by start. */
export async function readScheduleCopies(userId: number, businessId: number): Promise<ScheduleCopy[]> {
  const open = deviceDb();
  if (!open) return [];
  const copies = await (await open).getAllFromIndex('schedules', 'byUser', userId);
  return copies.filter((copy) => copy.businessId === businessId).sort((a, b) => Date.parse(a.detail.start) - Date.parse(b.detail.start));
}

/** One copied schedule of the member's, or null. */
export async function readScheduleCopy(id: number, userId: number, businessId: number): Promise<ScheduleCopy | null> {
  const open = deviceDb();
  if (!open) return null;
  const copy = await (await open).get('schedules', id);
  return copy && copy.userId === userId && copy.businessId === businessId ? copy : null;
}

/**
 * Whether the member may answer a copied schedule now, judged on the device the way the server
 * judges it: their own, not paused, started, before its deadline, not missed. The server judges
 * again on delivery, on the capture time.
 */
export function canAnswerOffline(detail: ScheduleDetail, userId: number, now = Date.now()): boolean {
  return detail.userId === userId && !detail.paused && detail.status !== 'missed' && Date.parse(detail.start) <= now && now < Date.parse(detail.deadline);
}

// The outbox: answers captured on the device wait here until the server has them, through reloads,
// closed tabs and browser restarts. `flushOutbox` sends them one at a time in the order they were
// captured, each with its own Idempotency-Key, so a send cut off half-way and tried again is
// stored once. No network, a busy server or an ended session leave the answer waiting and stop the
// run (the next one resumes there); a refusal marks it failed with the server's reason, to be
// tried again or let go by the member, never dropped unseen. The page and the service worker
// (Background Sync) both run it; a Web Lock keeps one run at a time across them.
import { NETWORK_ERROR } from '@fieldops/shared/messages';
import { deviceDb, type DeviceDb } from './device-db.ts';
import type { OutboxEntry } from './outbox-entry.ts';
import type { Transport } from './outbox-response.ts';

/** Sent answers stay listed this long, so the member sees them arrive, then leave the device. */
const KEEP_SENT_MS = 24 * 60 * 60 * 1000;
const CHANNEL = 'fieldops-outbox';
const LOCK = 'fieldops-outbox';
/** The Background Sync tag under which the service worker sends the outbox. */
export const SYNC_TAG = 'fieldops-outbox';

type Listener = (change: 'entries' | 'progress') => void;
const listeners = new Set<Listener>();
const progress = new Map<number, number>();
let channel: BroadcastChannel | null = null;

function ensureChannel() {
  if (channel || typeof BroadcastChannel === 'undefined') return;
  channel = new BroadcastChannel(CHANNEL);
  // Another tab or the service worker changed the outbox.
  channel.onmessage = () => emit('entries');
}

function emit(change: 'entries' | 'progress') {
  for (const listener of listeners) listener(change);
}

/** Tells this context's listeners and every other tab and worker. */
function changed() {
  emit('entries');
  ensureChannel();
  channel?.postMessage('changed');
}

export function subscribeOutbox(listener: Listener): () => void {
  ensureChannel();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The share (0..1) of each entry being sent from this page. */
export const outboxProgress = (): ReadonlyMap<number, number> => progress;

async function db(): Promise<DeviceDb> {
  const open = deviceDb();
  if (!open) throw new Error('This browser keeps no data on the device');
  return open;
}

const now = () => new Date().toISOString();

/** Adds answers to the end of the queue, all or none; resolves with their places. */
export async function enqueue(entries: readonly Omit<OutboxEntry, 'seq'>[]): Promise<number[]> {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  const seqs = await Promise.all(entries.map((entry) => tx.store.add({ ...entry, updatedAt: now() } as OutboxEntry)));
  await tx.done;
  changed();
  return seqs;
}

/** Every entry in queue order; `userId` keeps to one member's. */
export async function listOutbox(userId?: number): Promise<OutboxEntry[]> {
  const all = await (await db()).getAll('outbox');
  return userId === undefined ? all : all.filter((entry) => entry.userId === userId);
}

async function update(seq: number, change: Partial<OutboxEntry>): Promise<OutboxEntry | null> {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (!entry) {
    await tx.done;
    return null;
  }
  const next = { ...entry, ...change, updatedAt: now() };
  await tx.store.put(next);
  await tx.done;
  return next;
}

/** A failed answer goes back into the queue, where it was. */
export async function retryEntry(seq: number): Promise<void> {
  const store = await db();
  const entry = await store.get('outbox', seq);
  if (entry?.status !== 'failed') return;
  await update(seq, { status: 'waiting', error: null, refusesSchedule: false });
  changed();
}

/** The member lets a waiting or failed answer go; one on its way or sent stays. */
export async function discardEntry(seq: number): Promise<void> {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  const entry = await tx.store.get(seq);
  if (entry && (entry.status === 'failed' || entry.status === 'waiting')) await tx.store.delete(seq);
  await tx.done;
  changed();
}

/** Removes every entry (a member signing out on purpose after being told what is unsent). */
export async function clearOutbox(userId: number): Promise<void> {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  for (const entry of await tx.store.getAll()) if (entry.userId === userId && entry.seq !== undefined) await tx.store.delete(entry.seq);
  await tx.done;
  changed();
}

export interface FlushSummary {
  sent: number;
  refused: number;
  /** Why the run stopped with answers still waiting, or null when none are left. */
  stopped: 'network' | 'signIn' | null;
}

/** Sent entries past their time leave; an entry left 'sending' by a closed page waits again. */
async function tidy(userId: number | undefined) {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  const cutoff = Date.now() - KEEP_SENT_MS;
  for (const entry of await tx.store.getAll()) {
    if (entry.seq === undefined || (userId !== undefined && entry.userId !== userId)) continue;
    if (entry.status === 'sent' && Date.parse(entry.updatedAt) < cutoff) await tx.store.delete(entry.seq);
    else if (entry.status === 'sending') await tx.store.put({ ...entry, status: 'waiting' });
  }
  await tx.done;
}

async function nextWaiting(userId: number | undefined): Promise<OutboxEntry | null> {
  const store = await db();
  let cursor = await store.transaction('outbox').store.openCursor();
  while (cursor) {
    const entry = cursor.value;
    if (entry.status === 'waiting' && (userId === undefined || entry.userId === userId)) return entry;
    cursor = await cursor.continue();
  }
  return null;
}

/** The other waiting answers to a schedule that refused one: they would be refused alike. */
async function refuseRest(scheduleId: number, message: string) {
  const store = await db();
  const tx = store.transaction('outbox', 'readwrite');
  for (const entry of await tx.store.index('bySchedule').getAll(scheduleId)) {
    if (entry.status === 'waiting') await tx.store.put({ ...entry, status: 'failed', error: message, refusesSchedule: true, updatedAt: now() });
  }
  await tx.done;
}

async function run(transport: Transport, userId: number | undefined): Promise<FlushSummary> {
  const summary: FlushSummary = { sent: 0, refused: 0, stopped: null };
  await tidy(userId);
  for (;;) {
    const entry = await nextWaiting(userId);
    if (!entry || entry.seq === undefined) return summary;
    const seq = entry.seq;
    await update(seq, { status: 'sending', attempts: entry.attempts + 1 });
    changed();
    let result: Awaited<ReturnType<Transport>>;
    try {
      result = await transport(entry, (fraction) => {
        progress.set(seq, fraction);
        emit('progress');
      });
    } catch {
      result = { kind: 'later', message: NETWORK_ERROR };
    } finally {
      progress.delete(seq);
    }
    switch (result.kind) {
      case 'sent': {
        // The server keeps the files now: the device gives their space back.
        const drop = (file: OutboxEntry['photo']) => (file ? { ...file, bytes: null } : null);
        await update(seq, { status: 'sent', error: null, outcome: result.outcome, photo: drop(entry.photo), voice: drop(entry.voice) });
        summary.sent += 1;
        break;
      }
      case 'refused':
        await update(seq, { status: 'failed', error: result.message, refusesSchedule: result.refusesSchedule });
        if (result.refusesSchedule) await refuseRest(entry.scheduleId, result.message);
        summary.refused += 1;
        break;
      case 'later':
      case 'signIn':
        await update(seq, { status: 'waiting', error: result.message });
        changed();
        summary.stopped = result.kind === 'later' ? 'network' : 'signIn';
        return summary;
    }
    changed();
  }
}

let running: Promise<FlushSummary> | null = null;
let again = false;

/** Forgets this context's run and listeners' progress (a test's fresh device store). */
export function resetOutboxState(): void {
  running = null;
  again = false;
  progress.clear();
}

async function runLocked(transport: Transport, userId: number | undefined): Promise<FlushSummary> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(LOCK, () => run(transport, userId));
  return run(transport, userId);
}

/**
 * Sends what waits, in order, until the queue is empty or a send cannot arrive now. A run already
 * going in this context is joined, and goes round once more for what was added meanwhile; across
 * tabs and the worker, a Web Lock lets one run at a time.
 */
export function flushOutbox(transport: Transport, userId?: number): Promise<FlushSummary> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    const total: FlushSummary = { sent: 0, refused: 0, stopped: null };
    try {
      do {
        again = false;
        const summary = await runLocked(transport, userId);
        total.sent += summary.sent;
        total.refused += summary.refused;
        total.stopped = summary.stopped;
      } while (again && total.stopped === null);
      return total;
    } finally {
      running = null;
    }
  })();
  return running;
}

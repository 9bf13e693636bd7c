// The sign-in the service worker sends the outbox with while no page of the app is open: the
// page writes it when the session opens, signing out removes it (lib/offline/device-copy.ts).
import { deviceDb } from './device-db.ts';

export interface WorkerAuth {
  userId: number;
  token: string | null;
  apiKey: string | null;
}

export async function saveWorkerAuth(auth: WorkerAuth): Promise<void> {
  const open = deviceDb();
  if (!open) return;
  await (await open).put('meta', auth, 'auth');
}

export async function readWorkerAuth(): Promise<WorkerAuth | null> {
  const open = deviceDb();
  if (!open) return null;
  return ((await (await open).get('meta', 'auth')) as WorkerAuth | undefined) ?? null;
}

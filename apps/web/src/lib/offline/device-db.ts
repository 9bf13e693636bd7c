// The app's store on the device (IndexedDB, through idb): what a member needs to work without a
// network. `copies` holds the session and each schedule of the next three days as last fetched;
// `outbox` holds answers captured on the device until the server has them, in the order they
// were captured. The page and the service worker both open it (lib/offline/outbox.ts).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import type { OutboxEntry } from './outbox-entry.ts';

export const DEVICE_DB_NAME = 'fieldops-device';
const VERSION = 2;

export interface ScheduleCopy {
  id: number;
  /** Whose copy it is: a device shared by two members shows each only their own. */
  userId: number;
  businessId: number;
  detail: ScheduleDetail;
  /** When the server gave it (ISO). */
  savedAt: string;
}

export interface DeviceSchema extends DBSchema {
  /** Small records by name: the session copy, the last refresh, the token the worker sends with. */
  meta: { key: string; value: unknown };
  schedules: { key: number; value: ScheduleCopy; indexes: { byUser: number } };
  outbox: { key: number; value: OutboxEntry; indexes: { bySchedule: number } };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

let opening: Promise<DeviceDb> | null = null;

/** The open store, shared by every caller of this page or worker; null where IndexedDB is missing. */
export function deviceDb(): Promise<DeviceDb> | null {
  if (typeof indexedDB === 'undefined') return null;
  opening ??= openDB<DeviceSchema>(DEVICE_DB_NAME, VERSION, {
    // Each store is made when missing, so a database someone opened empty (at version 1) is mended.
    upgrade(db) {
      if (!db.objectStoreNames.contains('meta')) db.createObjectStore('meta');
      if (!db.objectStoreNames.contains('schedules')) db.createObjectStore('schedules', { keyPath: 'id' }).createIndex('byUser', 'userId');
      if (!db.objectStoreNames.contains('outbox'))
        db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('bySchedule', 'scheduleId');
    },
    // Another tab holds an older version open: close ours so its upgrade can go on.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Forgets the open connection (tests that delete the store between cases). */
export async function closeDeviceDb(): Promise<void> {
  const open = opening;
  opening = null;
  if (open) (await open.catch(() => null))?.close();
}

// The instructions' pictures of the schedules copied on the device (device-copy.ts), kept in the
// browser's Cache Storage so the runner shows them without a network. A stored file never changes
// under its key, so each is kept under its bare address (/api/files/{key}) and fetched once; the
// addresses in the copy carry signatures that expire, and the service worker (sw.ts) answers any
// of them from here when the network cannot be reached. Pictures of schedules no longer copied
// are let go at each refresh, and all of them on signing out.
import type { ScheduleDetail } from '@fieldops/shared/schedules';

export const INSTRUCTION_IMAGES_CACHE = 'instruction-images-v1';
const FILES_PREFIX = '/api/files/';

/** The bare address of a stored file's (signed) address, or null for anything else. */
export function fileAddressOf(url: string, origin: string): string | null {
  try {
    const { pathname, origin: at } = new URL(url, origin);
    return at === origin && pathname.startsWith(FILES_PREFIX) ? pathname : null;
  } catch {
    return null;
  }
}

/** The (signed) addresses of the instructions' pictures of the schedules, by their bare address. */
export function instructionImagesOf(details: readonly ScheduleDetail[], origin: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const detail of details) {
    for (const action of detail.task.actions) {
      const address = action.type === 'INSTRUCTION' && action.image ? fileAddressOf(action.image, origin) : null;
      if (address && action.image) found.set(address, action.image);
    }
  }
  return found;
}

/**
 * Keeps exactly the pictures of these schedules: fetches those not kept yet and drops the others.
 * A picture that cannot be fetched now is tried again at the next refresh.
 */
export async function keepInstructionImages(details: readonly ScheduleDetail[], signal?: AbortSignal): Promise<number> {
  if (typeof caches === 'undefined') return 0;
  const origin = globalThis.location.origin;
  const wanted = instructionImagesOf(details, origin);
  const cache = await caches.open(INSTRUCTION_IMAGES_CACHE);
  for (const request of await cache.keys()) {
    if (!wanted.has(new URL(request.url).pathname)) await cache.delete(request);
  }
  let kept = 0;
  for (const [address, url] of wanted) {
    if (await cache.match(address)) {
      kept += 1;
      continue;
    }
    const response = await fetch(url, { signal, credentials: 'same-origin' }).catch(() => null);
    if (response?.ok) {
      await cache.put(address, response);
      kept += 1;
    }
  }
  return kept;
}

/** Signing out: the pictures go with the copy. */
export async function forgetInstructionImages(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(INSTRUCTION_IMAGES_CACHE);
}

/** For the service worker: a kept picture for a file address the network could not answer, or undefined. */
export async function keptInstructionImage(url: string, origin: string): Promise<Response | undefined> {
  const address = fileAddressOf(url, origin);
  if (!address || typeof caches === 'undefined') return undefined;
  return (await caches.open(INSTRUCTION_IMAGES_CACHE)).match(address);
}

// The instructions' pictures kept on the device with the copy of the member's schedules: fetched
// once each, answered by their bare address whatever signature a later address carries, let go
// when no copied schedule shows them any more, and all of them on signing out.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleDetail } from '@fieldops/shared/schedules';
import { forgetInstructionImages, keepInstructionImages, keptInstructionImage } from './instruction-images.ts';

/** The browser's Cache Storage as far as it is used here, in memory (jsdom has none). */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: RequestInfo | URL) => new URL(String(request instanceof Request ? request.url : request), location.origin).href;
  return {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        keys: async () => [...store.keys()].map((url) => new Request(url)),
        match: async (request: RequestInfo | URL) => store.get(keyOf(request))?.clone(),
        put: async (request: RequestInfo | URL, response: Response) => void store.set(keyOf(request), response),
        delete: async (request: RequestInfo | URL) => store.delete(keyOf(request)),
      };
    },
    delete: async (name: string) => stores.delete(name),
  };
}

const detail = (actions: { id: number; type: string; image: string | null }[]) => ({ task: { actions } }) as unknown as ScheduleDetail;
const signed = (key: string, at: number) => `/api/files/${key}?expires=${at}&signature=${'s'.repeat(43)}`;
const GLOVES = '0123456789abcdef0123456789abcdef.webp';

let fetched: string[];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal('caches', memoryCaches());
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(url);
    return new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/webp' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the instructions' pictures on the device", () => {
  it('keeps each picture once, answers it offline under any signature, and lets it go with its schedule', async () => {
    const copy = [
      detail([
        { id: 1, type: 'INSTRUCTION', image: signed(GLOVES, 100) },
        { id: 2, type: 'YES_NO', image: null },
      ]),
      detail([{ id: 3, type: 'INSTRUCTION', image: signed(GLOVES, 100) }]),
    ];
    expect(await keepInstructionImages(copy)).toBe(1);
    expect(fetched).toEqual([signed(GLOVES, 100)]);
    // Kept already: the next refresh fetches nothing.
    expect(await keepInstructionImages([detail([{ id: 1, type: 'INSTRUCTION', image: signed(GLOVES, 900) }])])).toBe(1);
    expect(fetched).toHaveLength(1);

    // An address signed later (or expired) is answered from the device.
    const kept = await keptInstructionImage(`${location.origin}${signed(GLOVES, 5)}`, location.origin);
    expect(kept?.headers.get('Content-Type')).toBe('image/webp');
    expect(new Uint8Array(await (kept as Response).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    // Any other file is not.
    expect(await keptInstructionImage(`${location.origin}/api/files/${'f'.repeat(32)}.jpg`, location.origin)).toBeUndefined();

    // No copied schedule shows it any more.
    await keepInstructionImages([detail([{ id: 2, type: 'YES_NO', image: null }])]);
    expect(await keptInstructionImage(signed(GLOVES, 5), location.origin)).toBeUndefined();
  });

  it('goes on signing out', async () => {
    await keepInstructionImages([detail([{ id: 1, type: 'INSTRUCTION', image: signed(GLOVES, 100) }])]);
    await forgetInstructionImages();
    expect(await keptInstructionImage(signed(GLOVES, 100), location.origin)).toBeUndefined();
  });
});

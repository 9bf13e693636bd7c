// The disk storage: files written as their bytes arrive, owner-only, stopped past the limit, and
// never left half-written.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { createDiskStorage, type Storage } from './storage.ts';

let root: string;
let storage: Storage;
const filesUnder = () => (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

/** `count` chunks of `size` bytes, counting how many were taken. */
function source(count: number, size: number, failAt = -1) {
  const taken = { chunks: 0 };
  async function* chunks() {
    for (let i = 0; i < count; i++) {
      if (i === failAt) throw new Error('the upload broke off');
      taken.chunks++;
      yield Buffer.alloc(size, i % 256);
    }
  }
  return { chunks: chunks(), taken };
}

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  storage = createDiskStorage(path.join(root, 'uploads'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('disk storage', () => {
  it('streams a file in, owner-only (0600 in 0700 folders), and reads it back', async () => {
    const { chunks } = source(5, 1000);
    const stored = await storage.putStream(chunks, 'png', 10_000);
    expect(stored.size).toBe(5000);
    const file = path.join(root, 'uploads', stored.key.slice(0, 2), stored.key);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(modeOf(path.join(root, 'uploads'))).toBe(0o700);
    expect((await storage.read(stored.key))?.length).toBe(5000);
    const whole = await storage.put(Buffer.from('x'), 'gif');
    expect(modeOf(path.join(root, 'uploads', whole.key.slice(0, 2), whole.key))).toBe(0o600);
    await storage.remove(stored.key);
    await storage.remove(whole.key);
    expect(filesUnder()).toEqual([]);
  });

  it('stops past the limit while the bytes pass (413), taking no more and leaving nothing', async () => {
    const { chunks, taken } = source(200, 64 * 1024);
    const failed = await storage.putStream(chunks, 'png', 1024 * 1024).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(413);
    expect(taken.chunks).toBe(17); // 16 chunks are exactly 1 MB; the 17th is one too many
    expect(filesUnder()).toEqual([]);
  });

  it('leaves nothing behind when the upload breaks off, even before its file is open', async () => {
    // Many times over: a break in the first chunk can come before the file has been opened.
    for (let i = 0; i < 200; i++) {
      const { chunks } = source(10, 1000, [0, 1, 5][i % 3]);
      await expect(storage.putStream(chunks, 'png', 1_000_000)).rejects.toThrow('the upload broke off');
    }
    expect(filesUnder()).toEqual([]);
  });
});

// What every storage driver promises (plugins/storage.ts), run on the disk driver and on the
// object-store driver against a real S3-compatible server started here on loopback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { createDiskStorage, type Storage } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

interface Driver {
  storage: Storage;
  /** The keys stored now, whatever the driver keeps them in. */
  stored(): Promise<string[]>;
  close(): Promise<void>;
}

async function diskDriver(): Promise<Driver> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  const uploads = path.join(root, 'uploads');
  return {
    storage: createDiskStorage(uploads),
    async stored() {
      if (!fs.existsSync(uploads)) return [];
      return (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(uploads, f)).isFile()).map((f) => path.basename(f));
    },
    async close() {
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

async function s3Driver(): Promise<Driver> {
  const server: S3TestServer = await startS3Server();
  const settings = {
    endpoint: server.endpoint,
    bucket: server.bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  return {
    storage: createS3Storage(settings),
    async stored() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: server.bucket }));
      return (listed.Contents ?? []).map((o) => o.Key ?? '');
    },
    async close() {
      client.destroy();
      await server.close();
    },
  };
}

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

describe.each([
  ['disk', diskDriver],
  ['S3-compatible object store', s3Driver],
])('storage contract: %s', (_name, open) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await open();
  });
  afterAll(() => driver.close());

  it('keeps a file put whole or streamed, under a fresh key, and reads back the same bytes', async () => {
    const whole = await driver.storage.put(Buffer.from('a small file'), 'png');
    expect(whole.key).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(whole.url).toBe(`/api/files/${whole.key}`);
    expect((await driver.storage.read(whole.key))?.toString()).toBe('a small file');

    // Larger than one part of a multipart upload (5 MB), in many small chunks.
    const { chunks } = source(100, 60 * 1024);
    const streamed = await driver.storage.putStream(chunks, 'jpg', 10 * 1024 * 1024);
    expect(streamed.size).toBe(100 * 60 * 1024);
    const back = await driver.storage.read(streamed.key);
    expect(back?.length).toBe(100 * 60 * 1024);
    expect(back?.[99 * 60 * 1024]).toBe(99);
    expect(streamed.key).not.toBe(whole.key);
    expect((await driver.stored()).sort()).toEqual([whole.key, streamed.key].sort());

    await driver.storage.remove(whole.key);
    await driver.storage.remove(streamed.key);
    expect(await driver.stored()).toEqual([]);
    expect(await driver.storage.read(whole.key)).toBeNull();
  });

  it('stops past the limit while the bytes pass (413), taking no more and keeping nothing', async () => {
    const { chunks, taken } = source(200, 64 * 1024);
    const failed = await driver.storage.putStream(chunks, 'png', 1024 * 1024).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(413);
    expect(taken.chunks).toBe(17); // 16 chunks are exactly 1 MB; the 17th is one too many
    expect(await driver.stored()).toEqual([]);
  });

  it('keeps nothing of an upload that broke off', async () => {
    const { chunks } = source(10, 1000, 5);
    await expect(driver.storage.putStream(chunks, 'png', 1_000_000)).rejects.toThrow('the upload broke off');
    expect(await driver.stored()).toEqual([]);
  });

  it('answers null for a key it does not hold or that is not a key, and removes those quietly', async () => {
    expect(await driver.storage.read(`${'0'.repeat(32)}.png`)).toBeNull();
    expect(await driver.storage.read('../../etc/passwd')).toBeNull();
    await driver.storage.remove(`${'0'.repeat(32)}.png`);
    await driver.storage.remove('../secret');
  });
});

// File storage behind one interface. The disk driver keeps files in DATA_DIR/uploads, readable by
// the server's own user only; the API serves them at /api/files/{key} through signed links
// (plugins/file-links.ts). Keys are random, so links cannot be guessed either.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@fieldops/shared/messages';
import { AppError } from '../lib/errors.ts';
import { randomKey } from '../lib/tokens.ts';

export interface StoredFile {
  key: string;
  url: string;
}

export interface Storage {
  /** A file held whole in memory: the demo data and copies of small stored files. */
  put(data: Buffer, extension: string): Promise<StoredFile>;
  /**
   * A file written as its bytes arrive, so an upload never sits whole in memory. Past `maxBytes`
   * it stops, removes what it wrote and rejects with 413; on any other failure it removes the
   * partial file too.
   */
  putStream(source: AsyncIterable<Buffer>, extension: string, maxBytes: number): Promise<StoredFile & { size: number }>;
  read(key: string): Promise<Buffer | null>;
  /** Removes a file, or what is left of an unfinished one (a name from `list`). */
  remove(key: string): Promise<void>;
  /**
   * Every file kept, with when it was written; `unfinished` for what a write cut short (a crash)
   * left behind. For the sweep of files no row refers to (lib/file-sweep.ts).
   */
  list(): AsyncIterable<{ key: string; modifiedAt: Date; unfinished: boolean }>;
}

export const KEY_PATTERN = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
/** A file being written: renamed to its key once complete, so a key never names half a file. */
const UNFINISHED_PATTERN = /^[a-f0-9]{32}\.[a-z0-9]{2,5}\.partial$/;
export const FILES_ROUTE = '/api/files';
/** Owner only: the uploads hold people's photos and voices. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

export const fileTooLarge = () => new AppError(413, MSG.fileTooLarge);

/** A new random key; a server process's own carry its id (lib/file-writers.ts keyMaker). */
export type KeyMaker = (extension: string) => string;
const randomName: KeyMaker = (extension) => `${randomKey(16)}.${extension}`;

export function createDiskStorage(root: string, makeKey: KeyMaker = randomName): Storage {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);
  const newFile = async (extension: string) => {
    const key = makeKey(extension);
    await fs.mkdir(path.dirname(fileOf(key)), { recursive: true, mode: DIR_MODE });
    return { key, file: fileOf(key), url: `${FILES_ROUTE}/${key}` };
  };
  /** Written under a temporary name, flushed to the disk, then renamed: all or nothing. */
  async function write(file: string, fill: (partial: string) => Promise<void>) {
    const partial = `${file}.partial`;
    try {
      await fill(partial);
      const handle = await fs.open(partial, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(partial, file);
    } catch (err) {
      await fs.rm(partial, { force: true });
      throw err;
    }
  }
  return {
    async put(data, extension) {
      const { key, file, url } = await newFile(extension);
      await write(file, (partial) => fs.writeFile(partial, data, { mode: FILE_MODE, flag: 'wx' }));
      return { key, url };
    },
    async putStream(source, extension, maxBytes) {
      const { key, file, url } = await newFile(extension);
      let size = 0;
      async function* counted() {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > maxBytes) throw fileTooLarge();
          yield chunk;
        }
      }
      await write(file, async (partial) => {
        const out = createWriteStream(partial, { mode: FILE_MODE, flags: 'wx' });
        try {
          await pipeline(counted, out);
        } catch (err) {
          // A stream cut short may still be opening its file: it is removed only once closed.
          if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
          throw err;
        }
      });
      return { key, url, size };
    },
    async *list() {
      let folders: string[];
      try {
        folders = await fs.readdir(root);
      } catch {
        return;
      }
      for (const folder of folders) {
        let names: string[];
        try {
          names = await fs.readdir(path.join(root, folder));
        } catch {
          continue;
        }
        for (const name of names) {
          const unfinished = UNFINISHED_PATTERN.test(name);
          if (!unfinished && !KEY_PATTERN.test(name)) continue;
          const stat = await fs.stat(path.join(root, folder, name)).catch(() => null);
          if (stat) yield { key: name, modifiedAt: stat.mtime, unfinished };
        }
      }
    },
    async read(key) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        return await fs.readFile(fileOf(key));
      } catch {
        return null;
      }
    },
    async remove(key) {
      if (KEY_PATTERN.test(key) || UNFINISHED_PATTERN.test(key)) await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** The unsigned URL of a stored file, as rows and answers carry it (plugins/file-links.ts signs it on the way out). */
export const fileUrl = (key: string) => `${FILES_ROUTE}/${key}`;

/** The key of a stored file's URL, bare or signed (`?expires=…&signature=…`); null for anything else. */
export function keyOfUrl(url: string | null): string | null {
  if (!url?.startsWith(`${FILES_ROUTE}/`)) return null;
  const [key = ''] = url.slice(FILES_ROUTE.length + 1).split(/[?#]/);
  return KEY_PATTERN.test(key) ? key : null;
}

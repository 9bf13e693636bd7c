// File storage behind one interface. The disk driver keeps files in DATA_DIR/uploads and the
// API serves them at /api/files/{key}; keys are random, so links cannot be guessed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomKey } from '../lib/tokens.ts';

export interface StoredFile {
  key: string;
  url: string;
}

export interface Storage {
  put(data: Buffer, extension: string): Promise<StoredFile>;
  read(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{32}\.[a-z0-9]{2,5}$/;
export const FILES_ROUTE = '/api/files';

export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);
  return {
    async put(data, extension) {
      const key = `${randomKey(16)}.${extension}`;
      await fs.mkdir(path.dirname(fileOf(key)), { recursive: true });
      await fs.writeFile(fileOf(key), data);
      return { key, url: `${FILES_ROUTE}/${key}` };
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
      if (KEY_PATTERN.test(key)) await fs.rm(fileOf(key), { force: true });
    },
  };
}

export const keyOfUrl = (url: string | null) =>
  url?.startsWith(`${FILES_ROUTE}/`) ? url.slice(FILES_ROUTE.length + 1) : null;

// The data directory is the server user's alone (0700, files 0600): it holds the embedded
// database, people's uploaded photos and voices, and the token secret. The server also sets its
// umask to 077 before creating anything (server.ts); this covers what the umask cannot.
import fs from 'node:fs';
import path from 'node:path';

const PRIVATE_DIR = 0o700;

/** Creates the directory owner-only, and closes one an earlier version left open to others. */
export function prepareDataDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR });
  try {
    fs.chmodSync(dir, PRIVATE_DIR);
  } catch {
    // Owned by another user (a mounted volume): its owner decides its mode.
    console.warn(`Could not make ${dir} private to this user (mode 0700); it is left as it is.`);
  }
}

/**
 * Takes group and other permissions off everything under `dir` that this user owns. PGlite
 * unpacks a new database from an archive whose entries say 0666 and applies that mode after
 * creating each file, past the umask; files it creates later follow the umask.
 */
export function closeToOthers(dir: string): void {
  const uid = process.getuid?.();
  /** False when the file is gone (a temporary file of the database, removed meanwhile). */
  const close = (file: string) => {
    try {
      const { mode, uid: owner } = fs.lstatSync(file);
      if ((mode & 0o077) !== 0 && (uid === undefined || owner === uid)) fs.chmodSync(file, mode & 0o700);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return false;
    }
  };
  if (!close(dir)) return;
  const pending = [dir];
  for (let at = pending.pop(); at !== undefined; at = pending.pop()) {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const file = path.join(at, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (close(file) && entry.isDirectory()) pending.push(file);
    }
  }
}

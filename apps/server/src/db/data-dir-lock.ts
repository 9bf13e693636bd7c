// One process owns an embedded data directory: PGlite is single-connection, and two writers
// would corrupt it. The lock is a file naming its owner: the pid and, where the system tells
// (Linux /proc), when that process started. A lock is taken over when its owner is gone, is a
// zombie (killed, not yet reaped by its parent), or its pid now belongs to another process.
import fs from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {}

interface Owner {
  pid: number;
  /** Start time in clock ticks since boot (/proc/<pid>/stat, field 22); null where unknown. */
  started: string | null;
}

/** State and start time of a process from /proc; null when it does not exist; undefined without /proc. */
function procStat(pid: number): { state: string | undefined; started: string | undefined } | null | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // "pid (command name, which may hold spaces and parentheses) state ppid …"
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0], started: fields[19] };
}

function signalable(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isAlive(owner: Owner) {
  const stat = procStat(owner.pid);
  if (stat === undefined) return signalable(owner.pid);
  if (stat === null || stat.state === 'Z' || stat.state === 'X') return false;
  return owner.started === null || owner.started === stat.started;
}

function readOwner(file: string): Owner | null {
  const [pid, started] = fs.readFileSync(file, 'utf8').trim().split(/\s+/);
  const n = Number(pid);
  return Number.isInteger(n) && n > 0 ? { pid: n, started: started || null } : null;
}

export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'server.lock');
  const self = [process.pid, procStat(process.pid)?.started].filter(Boolean).join(' ');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, self, { flag: 'wx', mode: 0o600 });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = readOwner(file);
      if (owner && owner.pid !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another server process (pid ${owner.pid}). ` +
            'Stop that process, or start this one with another DATA_DIR or a DATABASE_URL.',
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}`);
}

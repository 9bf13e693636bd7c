import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('data directory lock', () => {
  it('refuses a directory held by a live process, and leaves its lock alone', async () => {
    const dir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(dir)).toThrow(/in use by another server process/);
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(holder.pid));
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that has ended, and releases it', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8').split(' ')[0]).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});

describe.skipIf(!fs.existsSync('/proc/self/stat'))('data directory lock, where the system tells process states', () => {
  it('takes over a lock whose owner was killed but not yet reaped (a zombie)', async () => {
    const dir = tempDir();
    // The shell starts a short child, then becomes `sleep`, which never reaps it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 20']);
    try {
      const zombie = Number((await new Promise<Buffer>((resolve) => parent.stdout.once('data', resolve))).toString().trim());
      for (let i = 0; i < 100 && !/\) Z /.test(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(fs.readFileSync(`/proc/${zombie}/stat`, 'utf8')).toMatch(/\) Z /);
      fs.writeFileSync(path.join(dir, 'server.lock'), String(zombie));
      const release = lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+$`));
      release();
    } finally {
      parent.kill();
    }
  });

  it('takes over a lock whose pid now belongs to another process', () => {
    const dir = tempDir();
    // This very process, but "started" at another time: the pid was reused.
    fs.writeFileSync(path.join(dir, 'server.lock'), `${process.ppid} 1`);
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
    release();
  });
});

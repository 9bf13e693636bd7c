import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogOutput } from './log-output.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the log output', () => {
  const opened: number[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const fd of opened.splice(0)) fs.closeSync(fd);
  });

  function target() {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'log-output-')), 'out.log');
    const fd = fs.openSync(file, 'w');
    opened.push(fd);
    return { fd, read: () => fs.readFileSync(file, 'utf8') };
  }

  it('gathers lines that come a few at a time into one write, in their order', async () => {
    const { fd, read } = target();
    const writes = vi.spyOn(fs, 'write');
    const output = createLogOutput(fd);
    // A server under steady load: a line every couple of milliseconds, each in a turn of its own.
    for (let i = 0; i < 20; i++) {
      output.write(`line ${i}\n`);
      await sleep(2);
    }
    await vi.waitFor(() => expect(read().split('\n').filter(Boolean)).toHaveLength(20), { timeout: 2_000 });
    expect(read()).toBe(Array.from({ length: 20 }, (_, i) => `line ${i}\n`).join(''));
    // One write per line would be 20 trips through the thread pool.
    expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
  });

  it('shows a lone line shortly', async () => {
    const { fd, read } = target();
    createLogOutput(fd).write('alone\n');
    await vi.waitFor(() => expect(read()).toBe('alone\n'), { timeout: 1_000 });
  });

  it('writes what waits at once when flushed at exit', () => {
    const { fd, read } = target();
    const output = createLogOutput(fd);
    output.write('first\n');
    output.write('last\n');
    output.flushSync();
    expect(read()).toBe('first\nlast\n');
  });
});

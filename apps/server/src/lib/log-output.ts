// Where the server's log lines go: standard output, gathered and written some kilobytes at a time
// rather than with one system call per request (each write is a trip through the thread pool and
// a wake-up of the reader, which under load cost more than forming the line). Standard output is a
// pipe to whatever reads the logs (a terminal, `| head`, a log collector), and that reader may go
// away or stall. Losing it must cost the log lines and nothing else: a write that fails drops what
// is waiting and every line after it, a reader that stalls costs the lines past a bound, and
// nothing ever blocks the process, neither while it serves nor while it exits (pino's own
// destination retries a failed write for ever when it flushes at exit, which left a server whose
// reader had gone unable to stop).
import fs from 'node:fs';

/**
 * Lines are written once this many bytes wait, else FLUSH_DELAY_MS after the first of them came;
 * one write at a time, so a busy server writes a few times a second and an idle one shows its
 * lines at once to the eye.
 */
const MIN_WRITE = 16 * 1024;
const FLUSH_DELAY_MS = 100;
/** Lines waiting beyond this (a reader that stopped reading) are dropped. */
const MAX_WAITING = 16 * 1024 * 1024;
/** How long a write to a full pipe is retried at exit before its lines are given up. */
const EXIT_PATIENCE_MS = 1_000;
const RETRY_MS = 50;

export interface LogOutput {
  write(line: string): void;
  /** Writes out what is waiting, synchronously and within a bounded time (at exit). */
  flushSync(): void;
  /** Whether the reader has gone (a write failed), so lines are dropped. */
  readonly gone: boolean;
}

const isFull = (err: NodeJS.ErrnoException) => err.code === 'EAGAIN' || err.code === 'EWOULDBLOCK';

export function createLogOutput(fd = 1): LogOutput {
  let waiting: string[] = [];
  let waitingBytes = 0;
  /** A write is with the system (the thread pool) and has not finished. */
  let writing = false;
  /** Bytes a full pipe refused, to be written again shortly. */
  let refused: Buffer | null = null;
  let flushTimer: NodeJS.Timeout | null = null;
  let gone = false;

  const giveUp = () => {
    gone = true;
    waiting = [];
    waitingBytes = 0;
    refused = null;
  };

  function writeOut(buffer: Buffer) {
    writing = true;
    refused = null;
    fs.write(fd, buffer, 0, buffer.length, null, (err, written) => {
      writing = false;
      if (gone) return;
      if (err) {
        // A full pipe: the reader is slow, try again shortly. Anything else: the reader is gone.
        if (!isFull(err)) return giveUp();
        refused = buffer;
        return void setTimeout(() => refused && writeOut(refused), RETRY_MS).unref();
      }
      if (written < buffer.length) return writeOut(buffer.subarray(written));
      // What came meanwhile goes next, in one write, once there is enough of it or it has waited.
      if (waitingBytes >= MIN_WRITE) takeWaiting();
      else if (waitingBytes > 0) scheduleFlush();
    });
  }

  function scheduleFlush() {
    if (flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = null;
      takeWaiting();
    }, FLUSH_DELAY_MS).unref();
  }

  function takeWaiting() {
    if (gone || writing || refused || waitingBytes === 0) return;
    if (flushTimer) {
      clearTimeout(flushTimer);
      flushTimer = null;
    }
    const buffer = Buffer.from(waiting.join(''));
    waiting = [];
    waitingBytes = 0;
    writeOut(buffer);
  }

  return {
    get gone() {
      return gone;
    },
    write(line) {
      if (gone || waitingBytes > MAX_WAITING) return;
      waiting.push(line);
      waitingBytes += Buffer.byteLength(line);
      if (waitingBytes >= MIN_WRITE) return takeWaiting();
      // A lone line does not wait for company for long.
      scheduleFlush();
    },
    flushSync() {
      if (gone) return;
      // A write still with the system finishes on its own (or is lost with the process); writing
      // its bytes again here could print them twice.
      let rest = Buffer.concat([refused ?? Buffer.alloc(0), Buffer.from(waiting.join(''))]);
      refused = null;
      waiting = [];
      waitingBytes = 0;
      const deadline = Date.now() + EXIT_PATIENCE_MS;
      const pause = new Int32Array(new SharedArrayBuffer(4));
      while (rest.length > 0) {
        try {
          rest = rest.subarray(fs.writeSync(fd, rest));
        } catch (err) {
          if (!isFull(err as NodeJS.ErrnoException) || Date.now() > deadline) return giveUp();
          Atomics.wait(pause, 0, 0, 10);
        }
      }
    },
  };
}

/**
 * Standard output's reader went away: `console.log` then fails with EPIPE, which would end the
 * process as an uncaught error. Such failures are ignored; the lines are lost.
 */
export function ignoreLostStdout() {
  process.stdout.on('error', () => {});
}

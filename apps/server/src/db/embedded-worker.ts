// The embedded database's own thread: PGlite, served over the PostgreSQL wire protocol on a
// private Unix socket, so the web server reaches it through the same `pg` driver as PostgreSQL
// and a heavy query never stalls the thread that answers HTTP.
//
// PGlite is one backend session. Clients take turns on it: a connection keeps the session from
// its first message until PostgreSQL reports it idle again (ReadyForQuery 'I'), so an extended
// query (Parse … Sync) or a transaction is never interleaved with another connection's. A
// notification (NOTIFY) comes out in the answer of the statement that committed it; it is passed
// on to every other connection too, where a LISTENing client picks it up. Settings are the
// session's too: a client that changes them (psql's SET, pg_dump's set_config) keeps them for its
// own turn only; they are reset (RESET ALL) before another connection's turn.
import fs from 'node:fs';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export interface EmbeddedWorkerData {
  /** The data directory; null keeps the database in memory. */
  dataDir: string | null;
  /** A data directory tarball to start from. */
  loadDataDir?: Blob;
  /** Where to listen: a Unix socket path. */
  socketPath: string;
}

export type EmbeddedWorkerMessage = { type: 'ready' } | { type: 'failed'; message: string } | { type: 'closed' };

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const READY_FOR_QUERY = 0x5a; // 'Z'
const NOTIFICATION = 0x41; // 'A'
const TERMINATE = 0x58; // 'X'
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);

function simpleQuery(sql: string) {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

class Connection {
  private input: Buffer = Buffer.alloc(0);
  private started = false;
  /** Whole messages read and not yet run. */
  readonly queue: Buffer[] = [];
  /** Between a first message and PostgreSQL's next "idle": the session is this connection's. */
  busy = false;
  /** It sent a statement that may change the session's settings. */
  changedSettings = false;
  closed = false;

  constructor(readonly socket: net.Socket) {}

  /** Splits what arrived into whole messages; false when the connection must close. */
  take(chunk: Buffer): boolean {
    this.input = this.input.length ? Buffer.concat([this.input, chunk]) : chunk;
    for (;;) {
      if (!this.started) {
        if (this.input.length < 8) return true;
        const length = this.input.readInt32BE(0);
        if (length < 8 || length > 10_000) return false;
        if (this.input.length < length) return true;
        const code = this.input.readInt32BE(4);
        const message = this.input.subarray(0, length);
        this.input = this.input.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          this.socket.write('N');
          continue;
        }
        if (code === CANCEL_REQUEST) return false;
        this.started = true;
        this.queue.push(Buffer.from(message));
        continue;
      }
      if (this.input.length < 5) return true;
      const length = this.input.readInt32BE(1);
      if (length < 4) return false;
      if (this.input.length < length + 1) return true;
      const message = this.input.subarray(0, length + 1);
      this.input = this.input.subarray(length + 1);
      if (message[0] === TERMINATE) return false;
      if (!this.changedSettings && changesSettings(message)) this.changedSettings = true;
      this.queue.push(Buffer.from(message));
    }
  }
}

const SETTING_STATEMENT = /^\s*(set|reset|discard)\b|\bset_config\s*\(/i;

/** A simple query or a statement being prepared that may change the session's settings. */
function changesSettings(message: Buffer) {
  const type = message[0];
  if (type !== 0x51 /* 'Q' */ && type !== 0x50 /* 'P' */) return false;
  let text = message.subarray(5).toString('utf8');
  if (type === 0x50) text = text.slice(text.indexOf('\0') + 1); // after the statement's name
  return SETTING_STATEMENT.test(text.slice(0, text.indexOf('\0')));
}

/** Walks the backend messages of one answer: the last ReadyForQuery status and the notifications. */
function readAnswer(output: Uint8Array) {
  const view = Buffer.from(output.buffer, output.byteOffset, output.byteLength);
  let status: number | null = null;
  const notifications: Buffer[] = [];
  let at = 0;
  while (at + 5 <= view.length) {
    const type = view[at];
    const length = view.readInt32BE(at + 1);
    if (type === READY_FOR_QUERY) status = view[at + 5] ?? null;
    else if (type === NOTIFICATION) notifications.push(Buffer.from(view.subarray(at, at + 1 + length)));
    at += 1 + length;
  }
  return { status, notifications };
}

/** Settings of the embedded PostgreSQL, sized for one small business on a shared machine. */
const EMBEDDED_SETTINGS = { shared_buffers: '16MB', wal_buffers: '1MB', temp_buffers: '2MB' };

async function main() {
  const options = workerData as EmbeddedWorkerData;
  const db = new PGlite({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.loadDataDir,
    // PGlite's memory only grows. PostgreSQL's default buffers (128 MB here) would be held for the
    // process's life; the operating system caches the data files anyway.
    startParams: [...PGlite.defaultStartParams, ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])],
  });
  await db.waitReady;

  const connections = new Set<Connection>();
  /** Connections with messages waiting, in arrival order. */
  const waiting: Connection[] = [];
  let owner: Connection | null = null;
  /** The connection whose settings the session holds, if it changed any. */
  let settingsOf: Connection | null = null;
  let scheduled = false;

  const run = (message: Uint8Array) => db.execProtocolRawSync(message);

  /** Gives the session back after a client vanished in the middle of its work. */
  function release(connection: Connection) {
    if (owner !== connection) return;
    if (connection.busy) {
      run(SYNC);
      if (db.isInTransaction()) run(simpleQuery('ROLLBACK'));
      connection.busy = false;
    }
    owner = null;
  }

  function step() {
    scheduled = false;
    if (!owner) {
      while (waiting[0] && (waiting[0].closed || waiting[0].queue.length === 0)) waiting.shift();
      owner = waiting.shift() ?? null;
    }
    if (owner && settingsOf && settingsOf !== owner) {
      run(simpleQuery('RESET ALL'));
      settingsOf.changedSettings = false;
      settingsOf = null;
    }
    const current = owner;
    if (!current || current.queue.length === 0) return;
    const [only] = current.queue;
    const batch = only && current.queue.length === 1 ? only : Buffer.concat(current.queue);
    current.queue.length = 0;
    current.busy = true;
    if (current.changedSettings) settingsOf = current;
    let output: Uint8Array;
    try {
      output = run(batch);
    } catch (err) {
      console.error('Embedded database failure:', (err as Error).message);
      current.socket.destroy();
      return;
    }
    const { status, notifications } = readAnswer(output);
    if (!current.closed && output.byteLength) current.socket.write(output);
    for (const note of notifications) {
      for (const other of connections) if (other !== current && !other.closed) other.socket.write(note);
    }
    // Idle: the session is free for the next connection. Otherwise (in a transaction, or an
    // extended query without its Sync yet) it stays this connection's.
    if (status === 0x49 /* 'I' */) {
      current.busy = false;
      owner = null;
      if (current.queue.length) waiting.push(current);
    }
    schedule();
  }

  function schedule() {
    if (scheduled) return;
    if (!owner && waiting.length === 0) return;
    if (owner && owner.queue.length === 0) return;
    scheduled = true;
    setImmediate(step);
  }

  const server = net.createServer((socket) => {
    const connection = new Connection(socket);
    connections.add(connection);
    socket.setNoDelay?.(true);
    socket.on('data', (chunk: Buffer) => {
      const hadWork = connection.queue.length > 0;
      if (!connection.take(chunk)) {
        socket.end();
        return;
      }
      if (connection.queue.length && !hadWork && owner !== connection) waiting.push(connection);
      schedule();
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      connection.closed = true;
      connections.delete(connection);
      release(connection);
      schedule();
    });
  });

  fs.rmSync(options.socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.socketPath, () => resolve());
  });
  parentPort?.postMessage({ type: 'ready' } satisfies EmbeddedWorkerMessage);

  parentPort?.on('message', (message: { type: 'close' }) => {
    if (message.type !== 'close') return;
    for (const connection of connections) connection.socket.destroy();
    server.close();
    void db.close().finally(() => {
      fs.rmSync(options.socketPath, { force: true });
      parentPort?.postMessage({ type: 'closed' } satisfies EmbeddedWorkerMessage);
    });
  });
}

main().catch((err: Error) => {
  parentPort?.postMessage({ type: 'failed', message: err.message } satisfies EmbeddedWorkerMessage);
});

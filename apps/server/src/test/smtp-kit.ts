// A real SMTP server in the test process (smtp-server), and what arrives at it read back with
// mailparser, so tests check the messages a mail client would show. It can be stopped and
// started again on the same port, as a mail server that goes away for a while.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  parsed: ParsedMail;
  /** The raw header block, to check for anything injected. */
  raw: string;
  to: string[];
}

export interface SmtpKit {
  url: string;
  received: ReceivedMail[];
  /** Resolves once at least `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Stops listening; sends fail until `start`. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpKit> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A server that stops drops the connections still open (the app's pool keeps idle ones) at
      // once, as a mail server that goes away does, rather than after the library's 30 seconds.
      closeTimeout: 50,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          simpleParser(raw)
            .then((parsed) => {
              received.push({ parsed, raw: raw.toString('utf8').split(/\r?\n\r?\n/)[0] ?? '', to: session.envelope.rcptTo.map((r) => r.address) });
              for (const wake of waiters) wake();
              callback();
            })
            .catch(callback);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server!.server.address() as AddressInfo).port;
    // A client that goes away mid-conversation (a sending process killed with -9) resets its
    // connection: the server reports it as an error, which is not the test's.
    server!.on('error', () => {});
  };
  await listen();

  const stop = async () => {
    const s = server;
    server = null;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor(count, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(received);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`${received.length} of ${count} e-mails arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop,
    start: listen,
    close: stop,
  };
}

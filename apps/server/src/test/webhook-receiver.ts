// A webhook receiver for tests and the bench: a real HTTP server on 127.0.0.1 that answers each
// path as told (a status, or no answer at all for a while), keeps every request, and checks every
// signature with the standardwebhooks package against the secrets it is given for the path.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
  /** Whether a secret of the path verified the message (null when the path has none). */
  verified: boolean | null;
}

/** A status, or 'hang' (no answer for `hangMs`), or a redirect. */
export type Answer = number | 'hang' | { redirect: string };

export interface Receiver {
  url(path: string): string;
  received: Received[];
  /** Answers for a path, in turn; the last one repeats. */
  answer(path: string, ...answers: Answer[]): void;
  /** Secrets a path's messages are verified with. */
  secrets(path: string, ...secrets: string[]): void;
  close(): Promise<void>;
}

export async function startReceiver(options: { hangMs?: number; keep?: boolean } = {}): Promise<Receiver> {
  const answers = new Map<string, Answer[]>();
  const secretsOf = new Map<string, string[]>();
  const received: Received[] = [];
  const hangs = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const secrets = secretsOf.get(path) ?? [];
      let verified: boolean | null = null;
      if (secrets.length > 0) {
        verified = secrets.some((secret) => {
          try {
            new Webhook(secret).verify(body, headers);
            return true;
          } catch {
            return false;
          }
        });
      }
      if (options.keep !== false) received.push({ path, headers, body, at: Date.now(), verified });
      else received.push({ path, headers: { 'webhook-id': headers['webhook-id'] ?? '' }, body: '', at: Date.now(), verified });
      const list = answers.get(path) ?? [200];
      const answer = list.length > 1 ? list.shift()! : (list[0] ?? 200);
      if (answer === 'hang') {
        const timer = setTimeout(() => {
          hangs.delete(timer);
          res.writeHead(200).end('late');
        }, options.hangMs ?? 3000);
        hangs.add(timer);
        return;
      }
      if (typeof answer === 'object') {
        res.writeHead(302, { location: answer.redirect }).end();
        return;
      }
      res.writeHead(answer, { 'content-type': 'text/plain' }).end(`answer ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    answer: (path, ...list) => answers.set(path, list),
    secrets: (path, ...list) => secretsOf.set(path, list),
    async close() {
      for (const timer of hangs) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

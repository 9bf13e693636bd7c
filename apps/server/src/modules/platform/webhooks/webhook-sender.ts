// One attempt of a delivery: the payload posted to the endpoint, signed as Standard Webhooks says
// (`webhook-id`, `webhook-timestamp`, `webhook-signature`), with the current secret and, for a day
// after a rotation, the previous one too (several signatures, separated by spaces). The connection
// goes to the address the guarded lookup checked; redirects are not followed (a 3xx is a failure);
// the attempt gives up after `timeoutMs`. Only the first few KB of the answer are kept.
import http from 'node:http';
import https from 'node:https';
import type * as StandardWebhooks from 'standardwebhooks';
import { WEBHOOK_RESPONSE_EXCERPT } from '@fieldops/shared/webhooks';
import { checkWebhookUrl, guardedLookup } from './webhook-address.ts';

export interface AttemptResult {
  /** The answer's status; null when none came. */
  status: number | null;
  body: string | null;
  /** Why no answer came (a refused address, a timeout, a network error). */
  error: string | null;
  durationMs: number;
}

let standardWebhooks: Promise<typeof StandardWebhooks> | undefined;

/** The `webhook-signature` header: one `v1,<base64>` per secret, separated by spaces. */
export async function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): Promise<string> {
  // Loaded with the first delivery, not by every instance at start.
  const { Webhook } = await (standardWebhooks ??= import('standardwebhooks'));
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

export async function postWebhook(options: {
  url: string;
  secrets: string[];
  messageId: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const verdict = checkWebhookUrl(options.url, options.allowPrivate);
  if (verdict !== 'ok') {
    return { status: null, body: null, error: verdict === 'private' ? 'The address is private: not sent' : 'The address is not valid', durationMs: took() };
  }
  const url = new URL(options.url);
  const at = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'FieldOps-Webhooks/1.0',
    'webhook-id': options.messageId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': await signatureHeader(options.secrets, options.messageId, at, options.body),
    'content-length': String(Buffer.byteLength(options.body)),
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: took() });
    };
    const request = client.request(url, { method: 'POST', headers, lookup: guardedLookup(options.allowPrivate) as never, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const body = Buffer.concat(chunks).subarray(0, WEBHOOK_RESPONSE_EXCERPT).toString('utf8');
        const status = response.statusCode ?? null;
        const redirect = status !== null && status >= 300 && status < 400;
        finish({ status, body, error: redirect ? 'Redirects are not followed' : null });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (size < WEBHOOK_RESPONSE_EXCERPT) chunks.push(chunk);
        size += chunk.length;
        if (size >= WEBHOOK_RESPONSE_EXCERPT) done();
      });
      response.on('end', done);
      response.on('error', done);
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `No answer within ${options.timeoutMs} ms` });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (err) => finish({ status: null, body: null, error: err.message.slice(0, 500) }));
    request.end(options.body);
  });
}

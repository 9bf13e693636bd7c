// What a multipart form holds, as a digest, for telling a repeat of a keyed upload from a
// different one (plugins/idempotency.ts). A client draws a new boundary for every send of the same
// form, so the digest is of the body's bytes with each boundary left out. The bytes are read as
// the route's parser reads them (a tap on the request stream), or, when no route reads them (a
// repeat answered from the stored answer), by the digest itself.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { boundaryOf } from './multipart.ts';

export interface FormDigest {
  /** The digest once the whole body has been read; `wait` reads the rest first, else null when some is unread. */
  value(wait: boolean): Promise<string | null>;
}

export function tapForm(request: FastifyRequest): FormDigest {
  const delimiter = Buffer.from(`--${boundaryOf(request.headers['content-type']) ?? ''}`);
  const hash = createHash('sha256');
  let carry: Buffer = Buffer.alloc(0);
  // A delimiter may straddle two chunks: the last bytes that could start one wait for the next.
  const feed = (chunk: Buffer) => {
    let rest = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    for (let at = rest.indexOf(delimiter); at !== -1; at = rest.indexOf(delimiter)) {
      hash.update(rest.subarray(0, at)).update('\n--\n');
      rest = rest.subarray(at + delimiter.length);
    }
    const kept = Math.min(rest.length, delimiter.length - 1);
    hash.update(rest.subarray(0, rest.length - kept));
    carry = Buffer.from(rest.subarray(rest.length - kept));
  };
  const raw = request.raw;
  let complete = false;
  const ended = new Promise<boolean>((resolve) => {
    raw.once('end', () => resolve((complete = true)));
    raw.once('close', () => resolve(complete));
    raw.once('error', () => resolve(false));
  });
  let tapped = false;
  const tap = () => {
    if (tapped) return;
    tapped = true;
    raw.on('data', feed);
  };
  // The parser pipes the request into itself when the route first reads the form: the tap is
  // added at that moment, so both see every chunk from the first.
  const pipe = raw.pipe;
  raw.pipe = function tappedPipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    tap();
    return pipe.call(raw, destination, options) as T;
  };
  let digest: Promise<string | null> | null = null;
  return {
    async value(wait) {
      if (!complete && !wait) return null;
      digest ??= (async () => {
        if (!tapped) {
          tap();
          raw.resume();
        }
        if (!(await ended)) return null;
        hash.update(carry);
        return `form ${hash.digest('base64url')}`;
      })();
      return digest;
    },
  };
}

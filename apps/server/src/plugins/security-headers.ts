// The security headers every answer carries. Pages and files (the web app, the API documentation,
// stored files) get helmet's defaults with the app's content security policy: the inline scripts
// of the web app's index.html are allowed by their hashes, and no other inline script is. API
// answers are data, never a page, and get the short set that says so: nothing may run in them,
// load anything for them or frame them, and no other site may embed them. The headers never vary
// by request, so both sets are worked out once at start and copied onto each answer. The maps'
// tiles are the one thing a page loads from elsewhere: their host (MAP_TILE_URL) is named in
// img-src and connect-src, and no other is.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { mapTileOrigin, mapTileSettings } from '../config.ts';
import { isApiPath, routedPath } from '../lib/api-paths.ts';
import { FILES_ROUTE } from './storage.ts';

const policy = (scriptHashes: readonly string[], tileOrigin: string | null) => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)],
      // The service worker fetches what the page asks for, tiles included.
      connectSrc: ["'self'", ...(tileOrigin ? [tileOrigin] : [])],
      fontSrc: ["'self'", 'data:'],
    },
  },
});

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The base64 SHA-256 of each inline script's text in an HTML page, as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .map((match) => match[1] ?? '')
    .filter((text) => text.trim() !== '')
    .map((text) => createHash('sha256').update(text, 'utf8').digest('base64'));
}

/** The inline scripts' hashes of the web app's index.html; none when there is no web app. */
export function webRootScriptHashes(webRoot: string | null): string[] {
  if (!webRoot) return [];
  try {
    return inlineScriptHashes(fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8'));
  } catch {
    return [];
  }
}

/**
 * The headers helmet sets with the policy, read by running it once on a stand-in response; the
 * map tiles' origin (from MAP_TILE_URL) is allowed for images.
 */
export function securityHeaders(scriptHashes: readonly string[] = [], tileOrigin: string | null = null): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => {},
  };
  let finished = false;
  helmet(policy(scriptHashes, tileOrigin))({} as IncomingMessage, response as unknown as ServerResponse, () => (finished = true));
  if (!finished) throw new Error('helmet did not finish at once');
  return headers;
}

/** The headers of an API answer, which a browser reads as data and never shows as a page. */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': pageHeaders['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** API calls answer data; the documentation's pages and stored files are shown as they are. */
const answersData = (url: string) => {
  const path = routedPath(url);
  return isApiPath(path) && !path.startsWith('/api/docs') && !path.startsWith(`${FILES_ROUTE}/`);
};

export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { webRoot?: string | null; mapTileUrl?: string }) => {
  const pageHeaders = securityHeaders(webRootScriptHashes(opts.webRoot ?? null), mapTileOrigin(opts.mapTileUrl ?? mapTileSettings().url));
  const dataHeaders = apiSecurityHeaders(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(answersData(request.url) ? dataHeaders : pageHeaders);
    done();
  });
});

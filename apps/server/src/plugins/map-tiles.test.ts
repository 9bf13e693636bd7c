// The maps' tiles: MAP_TILE_URL's host is the one place outside the app a page may load images
// from, the web app learns the template and its attribution from the server, and a bad value
// stops the server naming the variable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_MAP_TILES, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createBusinessWithOwner, type Caller } from '../test/factories.ts';

const TILES = 'https://tiles.example.net:8443/osm/{z}/{x}/{y}.png';

let t: TestApp;
let owner: Caller;
let root: string;
const before = { url: process.env.MAP_TILE_URL, attribution: process.env.MAP_TILE_ATTRIBUTION };

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-'));
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  process.env.MAP_TILE_URL = TILES;
  process.env.MAP_TILE_ATTRIBUTION = '© Example Maps';
  t = await createTestApp({ webRoot: root });
  owner = await createBusinessWithOwner(t.app);
});
afterAll(async () => {
  for (const [name, value] of [
    ['MAP_TILE_URL', before.url],
    ['MAP_TILE_ATTRIBUTION', before.attribution],
  ] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** The sources a directive of `csp` names. */
const sources = (csp: string, directive: string) =>
  csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

describe('map tiles in the content security policy', () => {
  it('names the configured tile host for images and connections, and no other host', async () => {
    const csp = String((await t.app.inject({ method: 'GET', url: '/sites' })).headers['content-security-policy']);
    expect(sources(csp, 'img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tiles.example.net:8443']);
    expect(sources(csp, 'connect-src')).toEqual(["'self'", 'https://tiles.example.net:8443']);
    // No other host anywhere in the policy: OpenStreetMap's default included.
    const hosts = csp.match(/[a-z]+:\/\/[^\s;']+/g) ?? [];
    expect(new Set(hosts)).toEqual(new Set(['https://tiles.example.net:8443']));
    expect(csp).not.toContain('openstreetmap');
  });

  it('leaves API answers with nothing to load', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/maps/settings' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('GET /api/v1/maps/settings', () => {
  it('gives a signed-in member the tile template and its attribution', async () => {
    const res = await owner.request({ method: 'GET', url: '/api/v1/maps/settings' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: TILES, attribution: '© Example Maps' });
  });

  it('answers 401 to a visitor who is not signed in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/maps/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });
});

describe('MAP_TILE_URL', () => {
  const problemsOf = (env: NodeJS.ProcessEnv) => {
    try {
      loadConfig(env);
      return [];
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
  };

  it("defaults to OpenStreetMap's tiles and attribution", () => {
    expect(loadConfig({}).mapTiles).toEqual(DEFAULT_MAP_TILES);
    expect(DEFAULT_MAP_TILES.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
  });

  it('refuses a template without {z}, {x} and {y}, or of another scheme, by name', () => {
    for (const value of ['https://tiles.example.net/{z}/{x}.png', 'ftp://tiles.example.net/{z}/{x}/{y}.png', 'tiles/{z}/{x}/{y}.png']) {
      expect(problemsOf({ MAP_TILE_URL: value })).toEqual([
        expect.stringMatching(/^MAP_TILE_URL: expected an http:\/\/ or https:\/\/ URL with \{z\}, \{x\} and \{y\}/),
      ]);
    }
    expect(problemsOf({ MAP_TILE_URL: 'http://127.0.0.1:8300/{z}/{x}/{y}.png' })).toEqual([]);
  });
});

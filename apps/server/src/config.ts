// Configuration from the environment (DESIGN §3), read and checked in one place with zod: every
// variable the server reads is here, with its default. A bad value stops the server before
// anything starts, with one line per problem naming the variable (and never echoing a secret).
// `.env.example` lists them all; config.test.ts keeps it and the README in step with this file.
import crypto from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { base64url, flag, urlOf, whole } from './config-checks.ts';
import type { S3Settings } from './plugins/storage-s3.ts';

export const SERVICE_NAMES = ['main', 'workflow', 'helpdesk'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * The schedule engine (DESIGN §6): a pass every `intervalMs` (`SCHEDULE_ENGINE_INTERVAL_MS`,
 * default a minute; 0 turns it off) keeping `horizonDays` (`SCHEDULE_HORIZON_DAYS`, default 14)
 * of occurrences materialised, its sites shared over `connections` (`SCHEDULE_ENGINE_CONNECTIONS`,
 * default 2; PostgreSQL only) side by side.
 */
export interface ScheduleEngineSettings {
  intervalMs: number;
  horizonDays: number;
  connections: number;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** PostgreSQL streaming replicas for dashboard and report reads (DATABASE_READ_URL, a comma list). */
  databaseReadUrls: string[];
  /** Connections per instance (DATABASE_POOL_SIZE); null: the default for the database (db/client.ts). */
  databasePoolSize: number | null;
  jwtSecret: string | null;
  demo: boolean;
  services: ServiceName[];
  logLevel: string;
  /** Origins whose pages may call the API (CORS_ORIGIN, a comma list); empty: the app's own only. */
  corsOrigins: string[];
  scheduleEngine: ScheduleEngineSettings;
  /** Requests per minute per session and per client address; null when both are 0 (off). */
  rateLimit: RateLimitSettings | null;
  /** Client addresses from X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** The built web app to serve; null serves the API only (WEB_ROOT set empty). */
  webRoot: string | null | undefined;
  /**
   * The sweep of stored files no row refers to: every hour, on files older than
   * FILE_SWEEP_MIN_AGE_MS; and every FILE_REAP_INTERVAL_MS, on the files of stopped server
   * processes (lib/file-writers.ts).
   */
  fileSweep: { intervalMs: number; minAgeMs: number; reapIntervalMs: number };
  /** The object store for files when S3_BUCKET is set; null keeps them on disk in DATA_DIR/uploads. */
  s3: S3Settings | null;
  push: PushSettings;
  /**
   * E-mail: sent through `smtpUrl` (SMTP_URL) from `from` (MAIL_FROM); with no SMTP server the
   * messages wait in the administrators' outbox. Links in them start with `appUrl` (APP_URL).
   */
  mail: MailSettings;
  /** The map tiles the web app draws under its maps (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
  mapTiles: MapTileSettings;
  /** Single sign-on (modules/main/sso). */
  sso: SsoSettings;
  /** Webhooks: WEBHOOKS_ALLOW_PRIVATE_HOSTS accepts endpoints on this machine or a private network (tests, private installs). */
  webhooks: { allowPrivateHosts: boolean };
}

/** Single sign-on: SSO_ALLOW_INSECURE_ISSUERS accepts http:// issuers and issuers on this machine or a private network (tests, private installs). */
export interface SsoSettings {
  allowInsecureIssuers: boolean;
}

/**
 * Raster map tiles: `url` is a template with {z}, {x} and {y}; its host is the only one outside the
 * app that pages may load images from (plugins/security-headers.ts).
 */
export interface MapTileSettings {
  url: string;
  attribution: string;
}

export const DEFAULT_MAP_TILES: MapTileSettings = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
};

/** The sender when MAIL_FROM does not say. */
export const DEFAULT_MAIL_FROM = 'FieldOps <no-reply@localhost>';

export interface MailSettings {
  smtpUrl: string | null;
  from: string;
  appUrl: string;
}

/** Web Push (modules/platform/push). */
export interface PushSettings {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (base64url); null: a pair generated once and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** VAPID_SUBJECT: how a push service reaches whoever runs the app (mailto: or https:). */
  subject: string;
  /** PUSH_LOCAL_ENDPOINTS: accept subscriptions whose endpoint is on this machine or a private network (tests). */
  localEndpoints: boolean;
}

export const DEFAULT_VAPID_SUBJECT = 'mailto:push@fieldops.invalid';

/** The API's rate limit (plugins/rate-limit.ts). */
export interface RateLimitSettings {
  /** Requests a session may make in a window. */
  perSession: number;
  /** Requests one client address may make in a window, whoever is signed in. */
  perAddress: number;
  /** Requests one API token may make in a window (its own bucket; tokens have no session). */
  perToken?: number;
  windowMs: number;
  flushMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { perSession: 600, perAddress: 3000, perToken: 600, windowMs: 60_000, flushMs: 1000 };

/** Every problem of the environment, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The configuration is not valid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

const services = z.string().transform((value, ctx) => {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(SERVICE_NAMES as readonly string[]).includes(name)) {
      ctx.addIssue({ code: 'custom', message: `"${name}" is not one of ${SERVICE_NAMES.join(', ')}` });
    }
  }
  if (names.length === 0) ctx.addIssue({ code: 'custom', message: `expected one or more of ${SERVICE_NAMES.join(', ')}` });
  return [...new Set(names)] as ServiceName[];
});

const origins = z.string().transform((value, ctx) => {
  try {
    return corsOrigins(value);
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^CORS_ORIGIN: /, '') });
    return [];
  }
});

const HOUR_MS = 60 * 60 * 1000;

/** Whether a VAPID private key gives this public key (a pair from two different generations would sign tokens no push service accepts). */
function vapidPairMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** Every variable, its check and its default (the README's configuration table says the same). */
export const ENV_SCHEMA = z.object({
  PORT: whole(0, 65535).default(8080), // 0: any free port
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: urlOf(['postgres:', 'postgresql:'], 'a postgres:// or postgresql:// URL').optional(),
  DATABASE_READ_URL: z
    .string()
    .transform((value, ctx) => {
      const urls = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const check = urlOf(['postgres:', 'postgresql:'], '');
      if (urls.length === 0 || urls.some((url) => !check.safeParse(url).success)) {
        ctx.addIssue({ code: 'custom', message: 'expected one or more postgres:// or postgresql:// URLs, separated by commas' });
      }
      return urls;
    })
    .optional(),
  DATABASE_POOL_SIZE: whole(1, 1000).optional(),
  JWT_SECRET: z.string().optional(),
  DEMO: flag.default(true),
  SERVICES: services.default([...SERVICE_NAMES]),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'expected one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  CORS_ORIGIN: origins.default([]),
  SCHEDULE_ENGINE_INTERVAL_MS: whole(0, 24 * HOUR_MS).default(60_000),
  SCHEDULE_HORIZON_DAYS: whole(1, 366).default(14),
  SCHEDULE_ENGINE_CONNECTIONS: whole(1, 16).default(2),
  RATE_LIMIT_PER_SESSION: whole(0, 1_000_000).default(DEFAULT_RATE_LIMIT.perSession),
  RATE_LIMIT_PER_ADDRESS: whole(0, 1_000_000).default(DEFAULT_RATE_LIMIT.perAddress),
  RATE_LIMIT_PER_TOKEN: whole(0, 1_000_000).optional(),
  TRUST_PROXY: flag.default(false),
  FILE_SWEEP_MIN_AGE_MS: whole(0, 30 * 24 * HOUR_MS).default(HOUR_MS),
  FILE_REAP_INTERVAL_MS: whole(0, HOUR_MS).default(30_000),
  S3_ENDPOINT: urlOf(['http:', 'https:'], 'an http:// or https:// URL').optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'expected a bucket name: 3 to 63 lower-case letters, digits, dots and dashes')
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  SMTP_URL: urlOf(['smtp:', 'smtps:'], 'an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !/[\r\n]/.test(v) && /<?[^\s<>@]+@[^\s<>@]+>?$/.test(v), 'expected an address such as "FieldOps <no-reply@example.com>"')
    .default(DEFAULT_MAIL_FROM),
  APP_URL: urlOf(['http:', 'https:'], 'an http:// or https:// URL').optional(),
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key (65 bytes) in base64url').optional(),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key (32 bytes) in base64url').optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || urlOf(['https:'], '').safeParse(value).success, 'expected a mailto: address or an https: URL')
    .default(DEFAULT_VAPID_SUBJECT),
  PUSH_LOCAL_ENDPOINTS: flag.default(false),
  SSO_ALLOW_INSECURE_ISSUERS: flag.default(false),
  WEBHOOKS_ALLOW_PRIVATE_HOSTS: flag.default(false),
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (value) => ['{z}', '{x}', '{y}'].every((part) => value.includes(part)) && urlOf(['http:', 'https:'], '').safeParse(tileSample(value)).success,
      'expected an http:// or https:// URL with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    )
    .default(DEFAULT_MAP_TILES.url),
  MAP_TILE_ATTRIBUTION: z.string().trim().min(1).max(300).default(DEFAULT_MAP_TILES.attribution),
});

/** A tile's address from the template, to check it and to name its origin. */
const tileSample = (template: string) => template.replace('{z}', '0').replace('{x}', '0').replace('{y}', '0');

/** The origin (scheme, host and port) the tiles of `template` come from. */
export const mapTileOrigin = (template: string) => new URL(tileSample(template)).origin;

/** What one variable's check cannot see: replicas go with a primary, the object-store keys with a bucket. */
function missingTogether(given: Record<string, string | undefined>): string[] {
  // Replicas are of a PostgreSQL server: the embedded database has none.
  const replicas = given.DATABASE_READ_URL && !given.DATABASE_URL ? ['DATABASE_READ_URL: needs DATABASE_URL (the primary) as well'] : [];
  const vapid = vapidProblems(given.VAPID_PUBLIC_KEY?.trim(), given.VAPID_PRIVATE_KEY?.trim());
  if (!given.S3_BUCKET) return [...replicas, ...vapid];
  return [
    ...replicas,
    ...vapid,
    ...['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !given[name]).map((name) => `${name}: required when S3_BUCKET is set`),
  ];
}

/** The two VAPID keys come together, and as one pair. */
function vapidProblems(publicKey: string | undefined, privateKey: string | undefined): string[] {
  if (!publicKey && !privateKey) return [];
  if (!publicKey) return ['VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set'];
  if (!privateKey) return ['VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set'];
  const shaped = ENV_SCHEMA.shape.VAPID_PUBLIC_KEY.safeParse(publicKey).success && ENV_SCHEMA.shape.VAPID_PRIVATE_KEY.safeParse(privateKey).success;
  return shaped && !vapidPairMatches(publicKey, privateKey) ? ['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY'] : [];
}

/** WEB_ROOT is read apart: set empty, it means "serve the API only". */
export const ENV_NAMES = [...Object.keys(ENV_SCHEMA.shape), 'WEB_ROOT'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value is an unset one (WEB_ROOT aside).
  const given = Object.fromEntries(Object.keys(ENV_SCHEMA.shape).map((name) => [name, env[name] === '' ? undefined : env[name]]));
  const parsed = ENV_SCHEMA.safeParse(given);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`)),
    ...missingTogether(given),
  ];
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL ?? null,
    databaseReadUrls: e.DATABASE_READ_URL ?? [],
    databasePoolSize: e.DATABASE_POOL_SIZE ?? null,
    jwtSecret: e.JWT_SECRET ?? null,
    demo: e.DEMO,
    services: e.SERVICES,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGIN,
    scheduleEngine: { intervalMs: e.SCHEDULE_ENGINE_INTERVAL_MS, horizonDays: e.SCHEDULE_HORIZON_DAYS, connections: e.SCHEDULE_ENGINE_CONNECTIONS },
    rateLimit: rateLimitOf(e.RATE_LIMIT_PER_SESSION, e.RATE_LIMIT_PER_ADDRESS, e.RATE_LIMIT_PER_TOKEN),
    trustProxy: e.TRUST_PROXY,
    webRoot: env.WEB_ROOT === undefined ? undefined : env.WEB_ROOT || null,
    fileSweep: { intervalMs: HOUR_MS, minAgeMs: e.FILE_SWEEP_MIN_AGE_MS, reapIntervalMs: e.FILE_REAP_INTERVAL_MS },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT ?? null,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    },
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
      subject: e.VAPID_SUBJECT,
      localEndpoints: e.PUSH_LOCAL_ENDPOINTS,
    },
    mapTiles: { url: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    sso: { allowInsecureIssuers: e.SSO_ALLOW_INSECURE_ISSUERS },
    webhooks: { allowPrivateHosts: e.WEBHOOKS_ALLOW_PRIVATE_HOSTS },
  };
}

/**
 * The map tiles alone, for the security headers and the map settings route (which the app builds
 * without the whole configuration); the start has already stopped on a bad value.
 */
export function mapTileSettings(env: NodeJS.ProcessEnv = process.env): MapTileSettings {
  try {
    return loadConfig(env).mapTiles;
  } catch {
    return DEFAULT_MAP_TILES;
  }
}

/**
 * Web Push's settings alone, for the push module (which the app builds without the whole
 * configuration); the start has already stopped on a bad value, so a failure here means none set.
 */
export function pushSettings(env: NodeJS.ProcessEnv = process.env): PushSettings {
  try {
    return loadConfig(env).push;
  } catch {
    return { vapid: null, subject: DEFAULT_VAPID_SUBJECT, localEndpoints: false };
  }
}

/** The schedule engine's settings alone (its default horizon, for materialising outside a pass). */
export function scheduleEngineSettings(env: NodeJS.ProcessEnv = process.env): ScheduleEngineSettings {
  try {
    return loadConfig(env).scheduleEngine;
  } catch {
    return { intervalMs: 60_000, horizonDays: 14, connections: 2 };
  }
}

function rateLimitOf(perSession: number, perAddress: number, tokenLimit: number | undefined): RateLimitSettings | null {
  // Unset, the token limit is 600 a minute, unless the session and address limits turn the whole limit off.
  const perToken = tokenLimit ?? (perSession === 0 && perAddress === 0 ? 0 : (DEFAULT_RATE_LIMIT.perToken ?? 600));
  if (perSession === 0 && perAddress === 0 && perToken === 0) return null;
  const limit = (n: number) => n || Number.MAX_SAFE_INTEGER;
  return { ...DEFAULT_RATE_LIMIT, perSession: limit(perSession), perAddress: limit(perAddress), perToken: limit(perToken) };
}

/**
 * CORS_ORIGIN as a list of origins, each exactly scheme://host[:port] as a browser sends it in
 * `Origin`; anything else stops the server naming the variable, as a typo would otherwise
 * silently lock a front end out (or, with a wildcard, let every site in).
 */
export function corsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    let origin: string | null = null;
    try {
      origin = new URL(entry).origin;
    } catch {
      origin = null;
    }
    if (origin !== entry) throw new Error(`CORS_ORIGIN: "${entry}" is not an origin such as https://app.example.com`);
  }
  return entries;
}

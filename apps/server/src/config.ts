// Configuration from the environment (DESIGN §3).
import path from 'node:path';
import { DEFAULT_RATE_LIMIT, type RateLimitSettings } from './plugins/rate-limit.ts';

export type ServiceName = 'main' | 'workflow' | 'helpdesk';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
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
  /** The sweep of stored files no row refers to: every hour, on files older than FILE_SWEEP_MIN_AGE_MS (default an hour). */
  fileSweep: { intervalMs: number; minAgeMs: number };
}

/**
 * The schedule engine (DESIGN §6): a pass every `intervalMs` (`SCHEDULE_ENGINE_INTERVAL_MS`,
 * default a minute; 0 turns it off) keeping `horizonDays` (`SCHEDULE_HORIZON_DAYS`, default 14)
 * of occurrences materialised.
 */
export interface ScheduleEngineSettings {
  intervalMs: number;
  horizonDays: number;
}

const wholeNumber = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : fallback;
};

export function scheduleEngineSettings(env: NodeJS.ProcessEnv = process.env): ScheduleEngineSettings {
  return {
    intervalMs: wholeNumber(env.SCHEDULE_ENGINE_INTERVAL_MS, 60_000),
    horizonDays: Math.min(wholeNumber(env.SCHEDULE_HORIZON_DAYS, 14), 366),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const services = (env.SERVICES ?? 'main,workflow,helpdesk')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is ServiceName => s === 'main' || s === 'workflow' || s === 'helpdesk');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || null,
    databasePoolSize: wholeNumber(env.DATABASE_POOL_SIZE, 0) || null,
    jwtSecret: env.JWT_SECRET || null,
    demo: env.DEMO !== 'false',
    services,
    logLevel: env.LOG_LEVEL ?? 'info',
    corsOrigins: corsOrigins(env.CORS_ORIGIN),
    scheduleEngine: scheduleEngineSettings(env),
    rateLimit: rateLimitSettings(env),
    fileSweep: { intervalMs: 60 * 60 * 1000, minAgeMs: wholeNumber(env.FILE_SWEEP_MIN_AGE_MS, 60 * 60 * 1000) },
  };
}

export function rateLimitSettings(env: NodeJS.ProcessEnv = process.env): RateLimitSettings | null {
  const perSession = wholeNumber(env.RATE_LIMIT_PER_SESSION, DEFAULT_RATE_LIMIT.perSession);
  const perAddress = wholeNumber(env.RATE_LIMIT_PER_ADDRESS, DEFAULT_RATE_LIMIT.perAddress);
  if (perSession === 0 && perAddress === 0) return null;
  return { ...DEFAULT_RATE_LIMIT, perSession: perSession || Number.MAX_SAFE_INTEGER, perAddress: perAddress || Number.MAX_SAFE_INTEGER };
}

/**
 * CORS_ORIGIN as a list of origins, each exactly scheme://host[:port] as a browser sends it in
 * `Origin`; anything else stops the server naming the variable, as a typo would otherwise
 * silently lock a front end out (or, with a wildcard, let every site in).
 */
export function corsOrigins(value: string | undefined): string[] {
  const entries = (value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
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

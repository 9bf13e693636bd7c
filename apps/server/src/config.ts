// Configuration from the environment (DESIGN §3).
import path from 'node:path';

export type ServiceName = 'main' | 'workflow' | 'helpdesk';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string | null;
  demo: boolean;
  services: ServiceName[];
  logLevel: string;
  scheduleEngine: ScheduleEngineSettings;
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
    jwtSecret: env.JWT_SECRET || null,
    demo: env.DEMO !== 'false',
    services,
    logLevel: env.LOG_LEVEL ?? 'info',
    scheduleEngine: scheduleEngineSettings(env),
  };
}

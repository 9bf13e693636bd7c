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
  };
}

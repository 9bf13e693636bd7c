// The configuration (config.ts): defaults, every bad value refused naming its variable, secrets
// never echoed, and .env.example and the README listing exactly the variables the server reads.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, ENV_NAMES, loadConfig } from './config.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('configuration', () => {
  it('starts from the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: null,
      databasePoolSize: null,
      jwtSecret: null,
      demo: true,
      services: ['main', 'workflow', 'helpdesk'],
      logLevel: 'info',
      corsOrigins: [],
      trustProxy: false,
      s3: null,
      scheduleEngine: { intervalMs: 60_000, horizonDays: 14, connections: 2 },
      fileSweep: { minAgeMs: 3_600_000, reapIntervalMs: 30_000 },
      push: { vapid: null, subject: 'mailto:push@fieldops.invalid', localEndpoints: false },
    });
    expect(config.rateLimit).toMatchObject({ perSession: 600, perAddress: 3000 });
    expect(config.webRoot).toBeUndefined();
  });

  it('reads good values, an empty value standing for unset', () => {
    const config = loadConfig({
      PORT: '9090',
      DATABASE_URL: 'postgresql://app:pw@db:5432/fieldops',
      DATABASE_POOL_SIZE: '20',
      SERVICES: 'workflow, helpdesk',
      DATABASE_READ_URL: 'postgresql://app:pw@replica-1:5432/fieldops, postgres://app:pw@replica-2/fieldops',
      DEMO: 'false',
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_SESSION: '0',
      RATE_LIMIT_PER_ADDRESS: '0',
      JWT_SECRET: '',
      WEB_ROOT: '',
      S3_BUCKET: 'field-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toMatchObject({
      port: 9090,
      databaseUrl: 'postgresql://app:pw@db:5432/fieldops',
      databasePoolSize: 20,
      services: ['workflow', 'helpdesk'],
      databaseReadUrls: ['postgresql://app:pw@replica-1:5432/fieldops', 'postgres://app:pw@replica-2/fieldops'],
      demo: false,
      trustProxy: true,
      rateLimit: null,
      jwtSecret: null,
      webRoot: null,
      s3: { bucket: 'field-files', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'id', secretAccessKey: 'secret', forcePathStyle: true },
    });
  });

  it.each([
    ['PORT', '80a', 'PORT: expected a whole number from 0 to 65535'],
    ['PORT', '70000', 'PORT: expected a whole number from 0 to 65535'],
    ['SERVICES', 'main,workflw', 'SERVICES: "workflw" is not one of main, workflow, helpdesk'],
    ['SERVICES', ',', 'SERVICES: expected one or more of main, workflow, helpdesk'],
    ['DATABASE_URL', 'mysql://db/x', 'DATABASE_URL: expected a postgres:// or postgresql:// URL'],
    ['DATABASE_POOL_SIZE', '0', 'DATABASE_POOL_SIZE: expected a whole number from 1 to 1000'],
    [
      'DATABASE_READ_URL',
      'postgres://replica/x,http://other',
      'DATABASE_READ_URL: expected one or more postgres:// or postgresql:// URLs, separated by commas',
    ],
    ['DEMO', 'yes', 'DEMO: expected true or false'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent'],
    ['CORS_ORIGIN', '*', 'CORS_ORIGIN: "*" is not an origin such as https://app.example.com'],
    ['S3_ENDPOINT', 'minio:9000', 'S3_ENDPOINT: expected an http:// or https:// URL'],
    ['S3_BUCKET', 'Bad_Bucket', 'S3_BUCKET: expected a bucket name: 3 to 63 lower-case letters, digits, dots and dashes'],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    const keys = name.startsWith('S3_')
      ? { S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' }
      : name === 'DATABASE_READ_URL'
        ? { DATABASE_URL: 'postgres://primary/x' }
        : {};
    expect(problemsOf({ [name]: value, ...keys })).toEqual([message]);
  });

  it('takes a VAPID key pair whole, and only as one pair, never echoing the private key', () => {
    const pair = webpush.generateVAPIDKeys();
    const other = webpush.generateVAPIDKeys();
    const keys = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    expect(loadConfig({ ...keys, VAPID_SUBJECT: 'https://ops.example.com/contact' }).push).toEqual({
      vapid: pair,
      subject: 'https://ops.example.com/contact',
      localEndpoints: false,
    });
    expect(problemsOf({ VAPID_PUBLIC_KEY: pair.publicKey })).toEqual(['VAPID_PRIVATE_KEY: required when VAPID_PUBLIC_KEY is set']);
    expect(problemsOf({ VAPID_PRIVATE_KEY: pair.privateKey })).toEqual(['VAPID_PUBLIC_KEY: required when VAPID_PRIVATE_KEY is set']);
    const mismatched = problemsOf({ VAPID_PUBLIC_KEY: other.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(mismatched).toEqual(['VAPID_PUBLIC_KEY: is not the public key of VAPID_PRIVATE_KEY']);
    const short = problemsOf({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: `${pair.privateKey}AA` });
    expect(short).toEqual(['VAPID_PRIVATE_KEY: expected a P-256 private key (32 bytes) in base64url']);
    expect([...mismatched, ...short].join('\n')).not.toContain(pair.privateKey);
    expect(problemsOf({ VAPID_SUBJECT: 'http://example.com' })).toEqual(['VAPID_SUBJECT: expected a mailto: address or an https: URL']);
    expect(problemsOf({ VAPID_SUBJECT: 'mailto:ops@example.com' })).toEqual([]);
  });

  it('wants the primary beside its replicas', () => {
    expect(problemsOf({ DATABASE_READ_URL: 'postgres://replica/x' })).toEqual(['DATABASE_READ_URL: needs DATABASE_URL (the primary) as well']);
  });

  it('tells every problem at once, and never repeats a secret', () => {
    const problems = problemsOf({ PORT: 'x', SERVICES: 'api', DATABASE_URL: 'redis://user:hunter2@cache:6379', S3_BUCKET: 'files' });
    expect([...problems].sort()).toEqual([
      'DATABASE_URL: expected a postgres:// or postgresql:// URL',
      'PORT: expected a whole number from 0 to 65535',
      'S3_ACCESS_KEY_ID: required when S3_BUCKET is set',
      'S3_SECRET_ACCESS_KEY: required when S3_BUCKET is set',
      'SERVICES: "api" is not one of main, workflow, helpdesk',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });

  it('is listed whole, and only, in .env.example and the README', () => {
    const example = fs.readFileSync(`${ROOT}/.env.example`, 'utf8');
    const inExample = [...example.matchAll(/^# ([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    const readme = fs.readFileSync(`${ROOT}/README.md`, 'utf8');
    const table = readme.slice(readme.indexOf('| variable | default | meaning |'));
    const inReadme = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect([...inExample].sort()).toEqual([...ENV_NAMES].sort());
    expect([...inReadme].sort()).toEqual([...ENV_NAMES].sort());
  });

  it('stops the server before it starts, naming the variable, when a value is bad', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: ROOT,
      env: { ...process.env, SERVICES: 'main,workflw', PORT: '0x50', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(printed).toContain('SERVICES: "workflw" is not one of main, workflow, helpdesk');
    expect(printed).toContain('PORT: expected a whole number from 0 to 65535');
    expect(printed).not.toContain('running on');
  }, 30_000);
});

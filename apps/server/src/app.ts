// Builds the application: the three service bases with their modules (service-modules.ts) and the cross-cutting plugins.
// `serve.ts` only listens; tests build the app and call it through `inject`.
import path from 'node:path';
import compress from '@fastify/compress';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASES } from '@fieldops/shared/limits';
import { LIVE_FEED_HEARTBEAT_MS } from '@fieldops/shared/reports';
import type { RateLimitSettings, ScheduleEngineSettings, ServiceName, SsoSettings } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { requestScopedDb } from './db/request-db.ts';
import { createTokenService, type TokenService } from './lib/tokens.ts';
import { serializerCompiler } from './lib/serializer.ts';
import { validatorCompiler } from './lib/validator.ts';
import { OneLineLogController, requestLogger } from './lib/log-options.ts';
import { requestOriginPlugin } from './lib/request-origin.ts';
import { SERVICE_MODULES } from './service-modules.ts';
import { enqueuePushes } from './modules/platform/push/push.service.ts';
import { workPushes, type PushWorkerOptions } from './modules/platform/push/push-worker.ts';
import { API_TOKEN_SCHEME, documentApiToken } from './lib/token-areas.ts';
import { workImports } from './modules/main/imports/import-job.ts';
import { workPhotoChecks } from './modules/workflow/photo-reviews/photo-reviews.service.ts';
import { startScheduleEngine } from './modules/workflow/schedule-engine/schedule-engine-loop.ts';
import { startFeedPrune } from './modules/workflow/live-feed/feed-prune.ts';
import { startMemberFold } from './modules/workflow/reports/member-fold.ts';
import type { Repeating } from './lib/repeat.ts';
import { liveFeedPlugin } from './modules/workflow/live-feed/live-feed.hub.ts';
import { workInspectionMail } from './modules/workflow/inspection-reports/report-mail.ts';
import { createBellHub, type BellHub } from './modules/platform/notifications/bell-stream.ts';
import { workNotifications, type PushEnqueuer } from './modules/platform/notifications/notifications.service.ts';
import { transportFor, workMail, type MailTransport } from './modules/platform/mail/mail.service.ts';
import { workWebhooks } from './modules/platform/webhooks/webhook-delivery.service.ts';
import type { WebhookOptions } from './modules/platform/webhooks/webhooks.service.ts';
import { workAuditRetention } from './modules/platform/audit/audit-log.service.ts';
import { workReminders } from './modules/platform/notifications/reminders.ts';
import { workSlaEscalations } from './modules/helpdesk/sla-escalations/sla-escalations.service.ts';
import { workTicketCounts } from './modules/helpdesk/tickets/ticket-counts.service.ts';
import { workSlaRecompute } from './modules/helpdesk/sla-policies/sla-recompute.ts';
import { startQueue, type Queue } from './modules/platform/queue/queue.ts';
import { DEFAULT_MAIL_FROM, type MailSettings } from './config.ts';
import { apiHeadersPlugin } from './plugins/api-headers.ts';
import { authPlugin } from './plugins/auth.ts';
import { drainPlugin } from './plugins/drain.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { fileLinksPlugin } from './plugins/file-links.ts';
import { scheduleFileSweep } from './lib/file-sweep.ts';
import { REAP_INTERVAL_MS, registerWriter, scheduleWriterReap } from './lib/file-writers.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { SERVER_ROOT } from './lib/server-root.ts';
import { documentIdempotencyKey, idempotencyPlugin } from './plugins/idempotency.ts';
import { multipartPlugin } from './plugins/multipart.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { createDiskStorage, type Storage } from './plugins/storage.ts';
import { webPlugin } from './plugins/web.ts';
import { ensureReferenceData } from './seed/reference-data.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Dashboard and report reads: a streaming replica when DATABASE_READ_URL names any, else `db`. */
    readDb: Db;
    tokens: TokenService;
    storage: Storage;
    /** The job queue (modules/platform/queue). */
    queue: Queue;
    /** The bell's live counts (modules/platform/notifications/bell-stream.ts). */
    bell: BellHub;
    mailSettings: MailSettings;
    /** Webhooks' settings (modules/platform/webhooks). */
    webhookOptions: WebhookOptions;
    /** Single sign-on's settings (modules/main/sso). */
    ssoSettings: SsoSettings;
  }
}

/** Without MAIL settings: no SMTP server, the default sender, links to the local app. */
export const DEFAULT_MAIL: MailSettings = { smtpUrl: null, from: DEFAULT_MAIL_FROM, appUrl: 'http://localhost:8080' };

export interface AppOptions {
  database: Database;
  jwtSecret: Uint8Array;
  /** Where the disk driver keeps files, when no other `storage` is given. */
  uploadsDir: string;
  /** The file store; the disk driver in `uploadsDir` when absent (plugins/storage-s3.ts is the other). */
  storage?: Storage;
  services?: ServiceName[];
  /** The built web app to serve; null serves the API only. */
  webRoot?: string | null;
  /** Runs the schedule engine in this instance (a pass when ready, then every interval); off when absent or the interval is 0. */
  scheduleEngine?: (Omit<ScheduleEngineSettings, 'connections'> & { connections?: number }) | null;
  /** Pino options (log-options.ts builds the server's), or false for none. */
  logger?: FastifyServerOptions['logger'];
  /** Origins whose pages may call the API (CORS_ORIGIN); none means the app's own origin only. */
  corsOrigins?: readonly string[];
  /** The API rate limit shared through the database; off when absent (tests that do not test it). */
  rateLimit?: RateLimitSettings | null;
  /** The live feed's keep-alive interval (default LIVE_FEED_HEARTBEAT_MS). */
  liveFeedHeartbeatMs?: number;
  /** Client addresses from X-Forwarded-For (TRUST_PROXY, behind a load balancer). */
  trustProxy?: boolean;
  /**
   * Removes stored files no row refers to, at start and every interval (lib/file-sweep.ts); off
   * when absent. With `writer`, the id this process's keys carry (lib/file-writers.ts): it is
   * recorded, and the files of stopped processes are looked for every `reapIntervalMs`.
   */
  fileSweep?: { intervalMs: number; minAgeMs: number; writer?: number; reapIntervalMs?: number } | null;
  /** Folds the member rollup's changes at start and every interval (reports/member-fold.ts); off when absent. */
  memberFold?: { intervalMs: number } | null;
  /**
   * Background jobs (modules/platform/queue): whether this instance works the queue (every
   * instance does in production; tests say so when they need it), the e-mail settings, and the
   * transport that sends (from `mail.smtpUrl` when absent; null keeps e-mails in the outbox).
   */
  jobs?: {
    work: boolean;
    mail?: MailSettings;
    mailTransport?: MailTransport | null;
    /** How new bell entries become pushes (push/push.service.ts by default; null sends none). */
    push?: PushEnqueuer | null;
    pushWorker?: PushWorkerOptions;
  } | null;
  /** Removes the live feed's places older than `keepMs` at start and every interval (live-feed/feed-prune.ts); off when absent. */
  feedPrune?: { intervalMs: number; keepMs?: number } | null;
  /** Webhooks (WEBHOOKS_ALLOW_PRIVATE_HOSTS): endpoints on this machine or a private network are refused unless allowed. */
  webhooks?: Partial<WebhookOptions> | null;
  /** Single sign-on: whether http:// and private-network issuers are accepted (SSO_ALLOW_INSECURE_ISSUERS; off when absent). */
  sso?: SsoSettings;
  /** Refuses an event recorded by a read not marked `recordsEvents` (lib/request-origin.ts); tests turn it on. */
  checkReads?: boolean;
}

export const SERVICE_PREFIXES: Record<ServiceName, string> = API_BASES;

export const DEFAULT_WEB_ROOT = path.resolve(SERVER_ROOT, '../web/dist');

/**
 * A background job of the app: started once it is ready (after migrations and the demo data) and
 * stopped, a running round finished, before it closes and the database with it.
 */
function runWhileOpen(app: FastifyInstance, start: () => Repeating): void {
  let job: Repeating | null = null;
  app.addHook('onReady', async () => {
    job = start();
  });
  app.addHook('onClose', async () => {
    await job?.stop();
  });
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // The longest path parameters are 40-character keys; a longer one is refused (414) before
    // routing, in problem+json like the router's other refusals (frameworkErrors).
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
    logController: new OneLineLogController(),
    childLoggerFactory: requestLogger,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // One handle for the whole app: the pool, or a keyed change's own transaction (db/request-db.ts).
  const db = requestScopedDb(options.database.db);
  app.decorate('db', db);
  app.decorate('readDb', {
    getter: () => {
      const read = options.database.read();
      return read === options.database.db ? db : read;
    },
  });
  app.decorate('tokens', createTokenService(options.jwtSecret));
  app.decorate('storage', options.storage ?? createDiskStorage(options.uploadsDir));

  // First, so every route (the CORS plugin's OPTIONS route too) answers its errors as problem+json.
  await app.register(errorsPlugin);
  // Every later hook and handler of a change (or of a read marked `recordsEvents`) runs knowing the
  // request's address and client, for the audit log; plain reads carry none.
  await app.register(requestOriginPlugin, { checkReads: options.checkReads ?? false });
  await app.register(securityHeadersPlugin, { webRoot: options.webRoot ?? null });
  // Answers over 1 KB go out in brotli or gzip, whichever the client prefers; the web app's
  // files were compressed once at build time (plugins/web.ts). Compression runs after every other
  // onSend hook, on the final bytes. Request bodies are read as sent: a compressed one is refused.
  // A page of a list (8–20 KB) is compressed in one call: a compression stream per answer costs
  // more than the compressing itself, and an instance has no spare cores to overlap it with.
  // Larger answers and streamed files go through a stream, so no answer holds the loop for long.
  await app.register(compress, { threshold: 1024, syncThreshold: 64 * 1024, encodings: ['br', 'gzip'], globalDecompression: false });
  await app.register(apiHeadersPlugin, { corsOrigins: options.corsOrigins ?? [] });
  await app.register(fileLinksPlugin, { secret: options.jwtSecret });
  await app.register(multipartPlugin);
  await app.register(drainPlugin);
  // The rate limit's and the keys' checks run after the caller is known (auth checks in
  // preValidation); registered before it, a keyed change is committed before auth's answer hook
  // waits to hear the change.
  await app.register(rateLimitPlugin, { settings: options.rateLimit ?? null });
  await app.register(idempotencyPlugin);
  await app.register(authPlugin, { database: options.database });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Field operations API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
          apiToken: API_TOKEN_SCHEME,
        },
      },
      security: [{ bearer: [], apiKey: [] }],
    },
    transform: (route) => documentApiToken(route.route, documentIdempotencyKey(route.route.method, jsonSchemaTransform(route))),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(liveFeedPlugin, { database: options.database, heartbeatMs: options.liveFeedHeartbeatMs ?? LIVE_FEED_HEARTBEAT_MS });
  const mail = options.jobs?.mail ?? DEFAULT_MAIL;
  app.decorate('mailSettings', mail);
  const webhookOptions: WebhookOptions = { allowPrivateHosts: options.webhooks?.allowPrivateHosts ?? false };
  app.decorate('webhookOptions', webhookOptions);
  app.decorate('ssoSettings', options.sso ?? { allowInsecureIssuers: false });
  const queue = await startQueue(app.db, app.log);
  app.decorate('queue', queue);
  const bell = createBellHub(options.database);
  app.decorate('bell', bell);
  app.addHook('onClose', async () => {
    await bell.close();
    await queue.stop();
  });
  await ensureReferenceData(app.db);
  for (const service of options.services ?? ['main', 'workflow', 'helpdesk']) {
    const prefix = SERVICE_PREFIXES[service];
    for (const routes of SERVICE_MODULES[service]) await app.register(routes, { prefix });
  }
  await app.register(webPlugin, { root: options.webRoot ?? null });

  if (options.jobs?.work) {
    const jobs = options.jobs;
    const transport = jobs.mailTransport === undefined ? transportFor(mail) : jobs.mailTransport;
    app.addHook('onReady', async () => {
      await workMail(queue, app.db, mail, transport, app.log, (key) => app.storage.read(key));
      await workInspectionMail(queue, app);
      await workImports(queue, app);
      await workPhotoChecks(queue, app);
      const notifier = { mail, push: jobs.push === undefined ? enqueuePushes : jobs.push, log: app.log };
      await workNotifications(queue, app.db, notifier);
      await workReminders(queue, app.db, notifier);
      await workSlaEscalations(queue, app.db);
      await workSlaRecompute(queue, app.db);
      await workTicketCounts(queue, app.db);
      await workAuditRetention(queue, app.db);
      await workPushes(queue, app.db, app.log, jobs.pushWorker);
      await workWebhooks(queue, app.db, { ...webhookOptions, log: app.log });
    });
    if (transport?.close) app.addHook('onClose', async () => transport.close?.());
  }

  // The engine belongs to the workflow base.
  const engine = options.scheduleEngine;
  const servesWorkflow = (options.services ?? ['workflow']).includes('workflow');
  if (engine && engine.intervalMs > 0 && servesWorkflow) {
    runWhileOpen(app, () => startScheduleEngine(app.db, { ...engine, connections: engine.connections ?? 1, log: app.log }));
  }
  const { memberFold } = options;
  if (memberFold && memberFold.intervalMs > 0) {
    runWhileOpen(app, () => startMemberFold(app.db, { ...memberFold, log: app.log }));
  }
  const { feedPrune } = options;
  if (feedPrune && feedPrune.intervalMs > 0) {
    runWhileOpen(app, () => startFeedPrune(app.db, { ...feedPrune, log: app.log }));
  }
  const { fileSweep } = options;
  const writer = fileSweep?.writer;
  if (writer !== undefined) {
    // Before this process stores anything.
    await registerWriter(app.db, writer);
    const kind = options.database.kind;
    runWhileOpen(app, () => scheduleWriterReap(app.db, app.storage, app.log, { writer, kind, intervalMs: fileSweep?.reapIntervalMs ?? REAP_INTERVAL_MS }));
  }
  if (fileSweep) {
    runWhileOpen(app, () => {
      const sweep = scheduleFileSweep(app.db, app.storage, app.log, fileSweep);
      return {
        async stop() {
          sweep.stop();
          await sweep.settled();
        },
      };
    });
  }
  return app;
}

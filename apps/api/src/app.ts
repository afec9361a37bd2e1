import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from './app-deps';
import { adminPrefix, adminScope, refuseAdminRoutesOutsideScope } from './auth/admin-scope';
import { authRoutes } from './auth/auth-routes';
import { createAuthService } from './auth/auth-service';
import { createChallengeSigner, createSecretBox } from './auth/two-factor';
import { LoginThrottle, type LoginLimits } from './auth/login-throttle';
import { createSecretGuard } from './auth/secret-guard';
import { registerErrorHandler } from './http/error-handler';
import { registerMethodOverride } from './http/method-override';
import { registerMultipart } from './http/multipart';
import { registerInputGuard } from './http/input-guard';
import { adminModules } from './modules/admin-modules';
import { appModules } from './modules/app-modules';
import { appPrefix, appScope, refuseAppRoutesOutsideScope } from './auth/app-scope';
import { createAppAuthenticator } from './auth/app-auth';
import { defaultOtpSettings, type OtpSettings } from './modules/app-accounts/settings';
import { defaultApplicationSettings, type ApplicationSettings } from './modules/provider-applications/settings';
import { defaultPaymentSettings, type PaymentSettings } from './modules/payments/settings';
import { defaultPrescriptionSettings, type PrescriptionSettings } from './modules/prescriptions/settings';
import { OutboxDeliverer } from './outbox/deliverer';
import { logDriver, type MessageDriver } from './outbox/drivers';
import { outboxRepository } from './outbox/outbox-repository';
import { ReminderJob } from './modules/reminders/reminder-job';
import { publicLocationRoutes } from './modules/locations/routes';
import { answerClientError, answerFrameworkError, originForm } from './http/request-target';
import { registerPublicOrigin } from './http/public-url';
import { refuseRequestsWhileClosing } from './operations/closing';
import { healthRoutes } from './operations/health-routes';
import { createAppMetrics, type PoolStats } from './operations/metrics';
import { registerMetrics } from './operations/metrics-routes';
import { echoRequestId, requestIdGenerator } from './operations/request-id';
import { storageRoutes } from './storage/storage-routes';
import { serveDashboard } from './web/serve-dashboard';
import { pageCacheOf } from './db/page-cache';
import { KeptAnswers, registerKeptAnswers } from './http/kept-answer';
import { DatabaseShare } from './http/database-share';
import { isEmbedded } from './db/connection';
import { ExportSlots } from './http/export';
import { systemClock, type Clock } from './clock';
import { defaultBookingSettings, type BookingSettings } from './modules/bookings/settings';
import { startHoldRelease } from './modules/bookings/hold-release';
import { RetentionJob } from './modules/retention/retention-job';
import { defaultRetentionSettings, type RetentionSettings } from './modules/retention/settings';
import { legalLibrary, type LegalLibrary } from '@sehha/contract/legal';
import { defaultDataRequestSettings, type DataRequestSettings } from './modules/data-requests/settings';
import { ArchiveJob } from './modules/data-requests/archive-job';
import { AccessLogWriter, defaultAccessLogSettings, type AccessLogSettings } from './access-log/writer';
import { registerAccessLog } from './access-log/declared-reads';

/** How messages leave (SMS_DRIVER, MAIL_DRIVER …): log drivers when not given. */
export type MessagingOptions = {
  sms?: MessageDriver | undefined;
  email?: MessageDriver | undefined;
  /** Delivery rounds of this process every so many ms (OUTBOX_INTERVAL_MS); none when absent (tests deliver by hand). */
  intervalMs?: number | undefined;
  maxAttempts?: number | undefined;
  backoffSeconds?: number | undefined;
  /** Reminder rounds of this process every so many ms (REMINDER_INTERVAL_SECONDS); none when absent (tests run them by hand). */
  reminderIntervalMs?: number | undefined;
};

/** How long an admin request waits for its share of the pool: as long as any request waits for a connection. */
const adminShareWaitMs = 5000;
/** List answers kept as bytes (http/kept-answer.ts): a few hundred pages' worth, some tens of KB each. */
const keptAnswerEntries = 512;

export type AppOptions = Omit<
  AppDeps,
  | 'metrics'
  | 'checkSecret'
  | 'outbox'
  | 'otp'
  | 'applications'
  | 'payments'
  | 'prescriptions'
  | 'clock'
  | 'booking'
  | 'legal'
  | 'dataRequests'
  | 'accessLog'
> & {
  /** The legal texts and their versions; the contract's when absent (a test publishes a new version through it). */
  legal?: LegalLibrary | undefined;
  /** The access log's batching; `enabled: false` is for the bench's side-by-side figures only (access-log/writer.ts). */
  accessLog?: Partial<AccessLogSettings> | undefined;
  /** "Now" of the booking rules; the system clock when absent (tests place themselves before a DST night). */
  clock?: Clock | undefined;
  /** Booking holds and cutoffs; defaults in modules/bookings/settings.ts. */
  booking?: Partial<BookingSettings> | undefined;
  /** A person's requests about their data; defaults in modules/data-requests/settings.ts. */
  dataRequests?: Partial<DataRequestSettings> | undefined;
  /** The app's phone sign-in limits; defaults in modules/app-accounts/settings.ts. */
  otp?: Partial<OtpSettings> | undefined;
  /** The provider applications' limits; defaults in modules/provider-applications/settings.ts. */
  applications?: Partial<ApplicationSettings> | undefined;
  /** The payment gateway; defaults in modules/payments/settings.ts (the fake one). */
  payments?: Partial<PaymentSettings> | undefined;
  /** The app's prescription limit and image links' lifetime; defaults in modules/prescriptions/settings.ts. */
  prescriptions?: Partial<PrescriptionSettings> | undefined;
  messaging?: MessagingOptions | undefined;
  corsOrigins?: string[] | undefined;
  tokenTtlHours?: number | undefined;
  loginLimits?: LoginLimits | undefined;
  webDistDir?: string | undefined;
  /** Which proxies' X-Forwarded-* headers to believe: none (false), a hop count, or addresses/CIDRs. */
  trustProxy?: boolean | number | string[] | undefined;
  /** The public base URL of absolute links (Laravel's APP_URL); see http/public-url.ts. */
  appUrl?: string | undefined;
  logger?: FastifyServerOptions['logger'] | undefined;
  /** Bearer token of GET /metrics (METRICS_TOKEN); without it the metrics are open. */
  metricsToken?: string | undefined;
  /** PostgreSQL pool gauges for the metrics (DatabaseHandle.poolStats). */
  poolStats?: PoolStats | undefined;
  /** REQUIRE_2FA: super admins must turn two-factor sign-in on before anything but their own security screen. */
  requireTwoFactor?: boolean | undefined;
  /** EXPORT_CONCURRENCY: exports this process writes at once (http/export.ts); default 2 on PGlite, 5 on PostgreSQL. */
  exportConcurrency?: number | undefined;
  /** DB_POOL_ADMIN_MAX: requests of the admin API holding the database at once (http/database-share.ts); absent: no limit. */
  adminDatabaseShare?: number | undefined;
  /** Retention periods and this process's rounds (RETENTION_*); defaults in modules/retention/settings.ts, no rounds when absent (tests run them by hand). */
  retention?: Partial<RetentionSettings> | undefined;
};

// Missing fields get the contract's "required" key instead of zod's type message.
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
});

/** Nothing that identifies a patient or a secret reaches the logs: no bodies, no query strings, no tokens. */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  serializers: {
    req: (req: { method: string; url: string; ip?: string | undefined }) => ({
      method: req.method,
      url: req.url.split('?')[0] ?? req.url,
      ip: req.ip,
    }),
  },
});

/** Whether any proxy is trusted, so that its X-Request-Id may be kept. */
const behindTrustedProxy = (trust: AppOptions['trustProxy']) => (Array.isArray(trust) ? trust.length > 0 : Boolean(trust));

/** Trusts the nearest `hops` proxies, as Express's numeric trust proxy does. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: 1024 * 1024,
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
    // Absolute-form targets and doubled slashes are routed by their path (see request-target.ts).
    rewriteUrl: (request) => originForm(request.url ?? '/'),
    // Errors raised before routing (a bad percent-escape in the path) get the Laravel shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true },
    // Every request has an id: in the X-Request-Id answer header and as request_id in each of its log lines.
    genReqId: requestIdGenerator(behindTrustedProxy(options.trustProxy)),
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    // Requests arriving while the app closes get our 503 {message} (operations/closing.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  echoRequestId(app);
  app.decorate('exportSlots', new ExportSlots(options.exportConcurrency ?? (isEmbedded(options.db) ? 2 : 5)));
  // Exports write moments in the platform's zone, as the dashboard shows them (http/export.ts).
  app.decorate('platformTimeZone', options.config.timeZone);
  const pageCache = pageCacheOf(options.db);
  const keptAnswers = pageCache && new KeptAnswers(pageCache, keptAnswerEntries);
  const metrics = createAppMetrics({
    poolStats: options.poolStats,
    pageCache,
    keptAnswers,
    outboxPending: () => outboxRepository.countPending(options.db),
  });
  registerMetrics(app, { metrics, token: options.metricsToken });
  refuseRequestsWhileClosing(app);

  refuseAdminRoutesOutsideScope(app);
  refuseAppRoutesOutsideScope(app);
  // Before any route: its hook serves both scopes and it sees every route; its onClose drains the buffer (SIGTERM).
  const accessLog = new AccessLogWriter(options.db, app.log, { ...defaultAccessLogSettings, ...options.accessLog });
  registerAccessLog(app, accessLog);
  app.addHook('onClose', () => accessLog.close());
  registerPublicOrigin(app, options.appUrl);
  // Before compression (its onSend keeps the JSON itself) and before any route (it wraps the opted-in handlers).
  registerKeptAnswers(app, keptAnswers, options.clock ?? systemClock);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerMethodOverride(app);
  registerErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        // The product is often served over plain http on a LAN address: do not force https.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  await app.register(cors, { origin: options.corsOrigins?.length ? options.corsOrigins : false, credentials: false });
  // JSON answers above 1 KB only: the dashboard's files are compressed at build time, and storage files
  // (images, PDFs, Range requests) are streamed as stored. Request bodies are parsed as before (no inflating).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/(?:[\w.+-]+\+)?json(?:;|$)/,
    globalDecompression: false,
  });
  await registerMultipart(app);
  registerInputGuard(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sehha API',
        version: '1.0.0',
        description:
          'The Sehha healthcare directory: the admin API (/api/admin, /api/auth) and the app API (/api/v1, tags "app: …"). Laravel JSON conventions. Admin and app tokens are not interchangeable.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const throttle = new LoginThrottle(options.db, options.loginLimits);
  const auth = createAuthService({
    db: options.db,
    throttle,
    tokenTtlHours: options.tokenTtlHours ?? 12,
    metrics,
    secrets: createSecretBox(options.signer.derivedKey('totp-secrets')),
    challenges: createChallengeSigner(options.signer.derivedKey('login-challenges')),
    requireTwoFactor: options.requireTwoFactor,
  });
  await app.register(authRoutes, { auth });

  await app.register(healthRoutes, { db: options.db, storage: options.storage });
  const messaging = options.messaging ?? {};
  const outbox = new OutboxDeliverer(options.db, {
    drivers: { sms: messaging.sms ?? logDriver(app.log), email: messaging.email ?? logDriver(app.log) },
    maxAttempts: messaging.maxAttempts,
    backoffSeconds: messaging.backoffSeconds,
    metrics,
    log: app.log,
  });
  if (messaging.intervalMs) outbox.start(messaging.intervalMs);
  app.addHook('onClose', () => outbox.stop());
  app.decorate('outbox', outbox);
  const reminders = new ReminderJob(options.db, { metrics, log: app.log });
  if (messaging.reminderIntervalMs) reminders.start(messaging.reminderIntervalMs);
  app.addHook('onClose', () => reminders.stop());
  const deps: AppDeps = {
    db: options.db,
    storage: options.storage,
    signer: options.signer,
    config: options.config,
    metrics,
    checkSecret: createSecretGuard({ db: options.db, throttle, metrics }),
    outbox,
    otp: { ...defaultOtpSettings, ...options.otp },
    applications: { ...defaultApplicationSettings, ...options.applications },
    payments: { ...defaultPaymentSettings, ...options.payments },
    prescriptions: { ...defaultPrescriptionSettings, ...options.prescriptions },
    clock: options.clock ?? systemClock,
    booking: { ...defaultBookingSettings, ...options.booking },
    legal: options.legal ?? legalLibrary,
    dataRequests: { ...defaultDataRequestSettings, ...options.dataRequests },
    accessLog,
  };
  // Access requests' archives (issue 28): every process builds the queued ones, never the same one twice.
  const archives = new ArchiveJob(deps, { publicUrl: options.appUrl, log: app.log });
  if (deps.dataRequests.archiveIntervalMs > 0) archives.start(deps.dataRequests.archiveIntervalMs);
  app.addHook('onClose', () => archives.stop());
  if (deps.booking.holdReleaseIntervalMs > 0) {
    const stopHoldRelease = startHoldRelease(deps.db, deps.clock, deps.booking.holdReleaseIntervalMs, app.log);
    app.addHook('onClose', () => stopHoldRelease());
  }
  const retention = new RetentionJob(
    { db: deps.db, storage: deps.storage, settings: { ...defaultRetentionSettings, ...options.retention }, clock: deps.clock },
    { log: app.log },
  );
  if (options.retention?.intervalMinutes) retention.start(options.retention.intervalMinutes * 60_000);
  app.addHook('onClose', () => retention.stop());
  await app.register(publicLocationRoutes, deps);
  const share = options.adminDatabaseShare ? new DatabaseShare(options.adminDatabaseShare, adminShareWaitMs) : undefined;
  await app.register(adminScope, { deps, auth, modules: adminModules, prefix: adminPrefix, share });
  await app.register(appScope, { deps, authenticate: createAppAuthenticator(options.db), modules: appModules, prefix: appPrefix });
  await app.register(storageRoutes, { storage: options.storage, signer: options.signer, accessLog });
  if (options.webDistDir) await app.register(serveDashboard, { root: options.webDistDir });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's outbox deliverer (outbox/deliverer.ts): tests wait for its sends. */
    outbox: OutboxDeliverer;
  }
}

import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions, type MessagingOptions } from './app';
import { bootstrap } from './bootstrap';
import { loadConfig, retentionSettingsOf, type Config } from './config';
import { httpSmsDriver, smtpMailDriver } from './outbox/drivers';
import type { DatabaseWarn } from './db/connection';
import { shutDownOnSignals } from './shutdown';
import { StartupError } from './startup-error';

/** The built dashboard: WEB_DIST_DIR, else apps/web/dist next to this package. */
function dashboardDir(configured?: string) {
  if (configured) return resolve(configured);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    const candidate = resolve(dir, '..', 'web', 'dist');
    if (existsSync(candidate)) return candidate;
    dir = resolve(dir, '..');
  }
  return resolve('apps/web/dist');
}

/** The SMS and mail drivers the configuration names; the log drivers (the app's logger) otherwise. */
function messagingFromConfig(config: Config): MessagingOptions {
  return {
    sms:
      config.SMS_DRIVER === 'http' && config.SMS_HTTP_URL
        ? httpSmsDriver({ url: config.SMS_HTTP_URL, token: config.SMS_HTTP_TOKEN })
        : undefined,
    email: config.MAIL_DRIVER === 'smtp' && config.SMTP_URL ? smtpMailDriver({ url: config.SMTP_URL, from: config.MAIL_FROM }) : undefined,
    intervalMs: config.OUTBOX_INTERVAL_MS,
    maxAttempts: config.OUTBOX_MAX_ATTEMPTS,
    reminderIntervalMs: config.REMINDER_INTERVAL_SECONDS * 1000,
  };
}

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const print = (message: string) => process.stdout.write(`${message}\n`);
  // The pool opens before the app: its warnings (a lost connection) reach the app's logger once there is one.
  let databaseWarn: DatabaseWarn | undefined;
  const { handle, storage, signer, admin } = await bootstrap(config, print, (details, message) =>
    databaseWarn ? databaseWarn(details, message) : print(`${message} ${JSON.stringify(details)}`),
  );

  const app = await buildApp({
    db: handle.db,
    storage,
    signer,
    config: { timeZone: config.APP_TIMEZONE },
    corsOrigins: config.CORS_ORIGINS,
    appUrl: config.APP_URL,
    trustProxy: config.TRUST_PROXY,
    tokenTtlHours: config.TOKEN_TTL_HOURS,
    loginLimits: {
      maxPerAccountAndAddress: config.LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
      maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    },
    webDistDir: dashboardDir(config.WEB_DIST_DIR),
    logger: loggerOptions(config.LOG_LEVEL),
    metricsToken: config.METRICS_TOKEN,
    poolStats: handle.poolStats,
    requireTwoFactor: config.REQUIRE_2FA,
    adminDatabaseShare:
      handle.driver === 'pglite'
        ? undefined
        : (config.DB_POOL_ADMIN_MAX ?? Math.max(1, config.DB_POOL_MAX - Math.ceil(config.DB_POOL_MAX / 3))),
    exportConcurrency: config.EXPORT_CONCURRENCY ?? (handle.driver === 'pglite' ? 2 : Math.max(1, Math.floor(config.DB_POOL_MAX / 2))),
    otp: {
      maxPerNumber: config.OTP_MAX_PER_NUMBER,
      maxPerAddress: config.OTP_MAX_PER_ADDRESS,
      maxPerPrefix: config.OTP_MAX_PER_PREFIX,
      tokenTtlDays: config.APP_TOKEN_TTL_DAYS,
    },
    applications: { maxPerAccount: config.APPLICATION_MAX_PER_ACCOUNT, maxPerAddress: config.APPLICATION_MAX_PER_ADDRESS },
    prescriptions: { maxPerHour: config.PRESCRIPTION_MAX_PER_HOUR, imageTtlSeconds: config.PRESCRIPTION_IMAGE_TTL_SECONDS },
    messaging: messagingFromConfig(config),
    payments: { driver: config.PAYMENT_DRIVER, hmacSecret: config.PAYMENT_HMAC_SECRET },
    retention: retentionSettingsOf(config),
    booking: {
      holdMinutes: config.BOOKING_HOLD_MINUTES,
      cancelCutoffMinutes: config.BOOKING_CANCEL_CUTOFF_MINUTES,
      holdReleaseIntervalMs: config.BOOKING_HOLD_RELEASE_INTERVAL_MS,
      paymentDriver: config.PAYMENT_DRIVER,
    },
    dataRequests: {
      deadlineDays: config.DATA_REQUEST_DEADLINE_DAYS,
      archiveTtlHours: config.DATA_EXPORT_TTL_HOURS,
      archiveIntervalMs: config.DATA_EXPORT_INTERVAL_SECONDS * 1000,
    },
  });

  databaseWarn = (details, message) => app.log.warn(details, message);
  // The fake gateway lets whoever holds a payment link mark it paid: fine on a developer's machine, not where
  // patients pay (docs/payments.md). Said once at start on a shared database, where production runs.
  if (config.PAYMENT_DRIVER === 'fake' && config.DATABASE_URL)
    app.log.warn(
      { payment_driver: 'fake' },
      'PAYMENT_DRIVER=fake: online bookings are "paid" on a test page; configure a real gateway before patients pay',
    );
  shutDownOnSignals(app, handle.close, config.SHUTDOWN_TIMEOUT_MS);

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    await handle.close();
    throw listenFailure(error, config.HOST, config.PORT);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const shownHost = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  print('');
  print(`Sehha is running on http://${shownHost}:${port}/en/login  (API reference: /api/docs)`);
  print(`Database: ${handle.driver === 'pglite' ? `embedded PGlite in ${resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}`);
  if (admin.generatedPassword) {
    print(`Admin account created: ${admin.email} / ${admin.generatedPassword}`);
    print('This password is shown only once. Reset it with: npm run admin -- --email admin@example.com');
  } else if (admin.email) {
    print(`Admin account: ${admin.email} (password from ADMIN_PASSWORD)`);
  }
  print(`Started in ${Date.now() - started} ms`);
}

/** A port in use or not allowed is the operator's to fix: one line. */
function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new StartupError(`Cannot listen on ${host}:${port}: the port is already in use (set PORT)`, { cause: error });
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL')
    return new StartupError(`Cannot listen on ${host}:${port}: ${code} (set PORT or HOST)`, { cause: error });
  return error;
}

// Configuration and database problems are one line the operator can act on; anything else keeps its stack.
main().catch((error) => {
  const known = error instanceof StartupError;
  process.stderr.write(`${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

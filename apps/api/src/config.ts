import { z } from 'zod';
import { StartupError } from './startup-error';
import { defaultLoginLimits } from './auth/login-throttle';
import { passwordProblem } from './auth/password-policy';
import { defaultOtpSettings } from './modules/app-accounts/settings';
import { defaultApplicationSettings } from './modules/provider-applications/settings';
import { defaultPaymentSettings, paymentDriverNames } from './modules/payments/settings';
import { defaultPrescriptionSettings } from './modules/prescriptions/settings';
import { defaultBookingSettings } from './modules/bookings/settings';
import { defaultRetentionSettings, type RetentionSettings } from './modules/retention/settings';
import { defaultDataRequestSettings } from './modules/data-requests/settings';

const csv = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    STORAGE_DIR: z.string().default('./storage'),
    /** Where uploaded files live: the folder STORAGE_DIR, or an S3-compatible bucket (S3_*, see storage/create-storage.ts). */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    /** MinIO, R2, Ceph…: the store's address; AWS S3 itself when absent. */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: z.string().optional(),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** `true` for MinIO and most non-AWS stores: `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    WEB_DIST_DIR: z.string().optional(),
    ADMIN_EMAIL: z
      .string()
      .email()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Follows the admin password policy (auth/password-policy.ts), checked before anything starts. */
    ADMIN_PASSWORD: z.preprocess(
      (value) => (value === '' ? undefined : value),
      z
        .string()
        .superRefine((value, context) => {
          const problem = passwordProblem(value);
          if (problem) context.addIssue({ code: 'custom', message: problem.en });
        })
        .optional(),
    ),
    /** The address users reach the API at (Laravel's APP_URL): the origin of absolute links such as paginator URLs. */
    APP_URL: z
      .string()
      .url()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Which reverse proxies to believe about the client's address (X-Forwarded-For) and scheme: off
     * by default (a client could otherwise claim any address); a hop count, or comma-separated
     * addresses/CIDRs of the proxies.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, context): false | number | string[] => {
        const text = (value ?? '').trim();
        if (text === '' || text === 'false' || text === '0') return false;
        if (/^\d+$/.test(text)) return Number(text);
        const list = text
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
        if (list.every((item) => /^[0-9a-f.:]+(\/\d{1,3})?$/i.test(item) || ['loopback', 'linklocal', 'uniquelocal'].includes(item)))
          return list;
        context.addIssue({
          code: 'custom',
          message: 'a hop count, or comma-separated addresses/CIDRs (or loopback, linklocal, uniquelocal)',
        });
        return false;
      }),
    /** Comma-separated origins allowed to call the API from another origin. Empty: same origin only. */
    CORS_ORIGINS: csv,
    TOKEN_TTL_HOURS: z.coerce.number().positive().default(12),
    /** `true`: super admins must turn two-factor sign-in on; until then only their security screen answers. */
    REQUIRE_2FA: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().positive().default(defaultLoginLimits.maxPerAccountAndAddress),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(defaultLoginLimits.maxPerAccount),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(defaultLoginLimits.maxPerAddress),
    LOGIN_WINDOW_MINUTES: z.coerce
      .number()
      .positive()
      .default(defaultLoginLimits.windowMs / 60_000),
    /** Secret for signed storage URLs; generated and kept in DATA_DIR when absent (PGlite only: required with DATABASE_URL). */
    APP_KEY: z
      .string()
      .min(32)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    APP_TIMEZONE: z.string().default('Africa/Cairo'),
    SEED_DEMO: z
      .enum(['true', 'false'])
      .default('true')
      .transform((value) => value === 'true'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** PostgreSQL connections in the pool. */
    DB_POOL_MAX: z.coerce.number().int().positive().default(10),
    /**
     * PostgreSQL: connections the admin API's requests may hold at once (http/database-share.ts), so that patients'
     * and providers' requests always find the rest; default DB_POOL_MAX less a third (7 of 10).
     */
    DB_POOL_ADMIN_MAX: z.coerce.number().int().positive().optional(),
    /** Exports one process writes at once (429 with Retry-After beyond); default 2 on PGlite, half DB_POOL_MAX on PostgreSQL. */
    EXPORT_CONCURRENCY: z.coerce.number().int().positive().optional(),
    /** List pages kept per process while the tables they read are unchanged (db/page-cache.ts); 0: none. */
    PAGE_CACHE_ENTRIES: z.coerce.number().int().min(0).default(256),
    /** Build every list statement and check it against the one remembered for its shape (the test runs). */
    PAGE_CACHE_VERIFY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((value) => value === 'true'),
    /** PostgreSQL statement_timeout of every connection; 0: none. A timed-out request answers 503. */
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5000),
    /** How long SIGTERM/SIGINT waits for in-flight requests before closing the database and exiting. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
    /** Bearer token of GET /metrics; without it the metrics are open (block /metrics at the proxy then). */
    METRICS_TOKEN: z
      .string()
      .min(16)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** App sign-in codes sent per hour to one number, for one client address, to one block of 10,000 numbers (SMS pumping). */
    OTP_MAX_PER_NUMBER: z.coerce.number().int().positive().default(defaultOtpSettings.maxPerNumber),
    OTP_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(defaultOtpSettings.maxPerAddress),
    OTP_MAX_PER_PREFIX: z.coerce.number().int().positive().default(defaultOtpSettings.maxPerPrefix),
    /** Provider applications sent per hour by one app account and from one client address. */
    APPLICATION_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(defaultApplicationSettings.maxPerAccount),
    APPLICATION_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(defaultApplicationSettings.maxPerAddress),
    /** Prescriptions sent per hour by one app account, and how long the app's links to their images work. */
    PRESCRIPTION_MAX_PER_HOUR: z.coerce.number().int().positive().default(defaultPrescriptionSettings.maxPerHour),
    PRESCRIPTION_IMAGE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(defaultPrescriptionSettings.imageTtlSeconds),
    /** How long an app token (phone sign-in) lives. */
    APP_TOKEN_TTL_DAYS: z.coerce.number().positive().default(defaultOtpSettings.tokenTtlDays),
    /** How text messages leave: `log` (the server log; the demo's codes are read there) or `http` (SMS_HTTP_URL). */
    SMS_DRIVER: z.enum(['log', 'http']).default('log'),
    /** SMS_DRIVER=http: POSTed `{to, message}` as JSON, `Authorization: Bearer SMS_HTTP_TOKEN`; any 2xx is delivered. */
    SMS_HTTP_URL: z
      .url({ protocol: /^https?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SMS_HTTP_TOKEN: z.string().optional(),
    /** How email leaves: `log`, or `smtp` through SMTP_URL (smtp://user:pass@host:587, smtps://…) from MAIL_FROM. */
    MAIL_DRIVER: z.enum(['log', 'smtp']).default('log'),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/ })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().default('Sehha <no-reply@localhost>'),
    /** Each process delivers the due outbox rows this often; a row is given up (failed) after OUTBOX_MAX_ATTEMPTS tries. */
    OUTBOX_INTERVAL_MS: z.coerce.number().int().positive().default(5000),
    OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    /** The gateway online bookings are paid through (docs/payments.md): `fake`, a local page that succeeds or fails. */
    PAYMENT_DRIVER: z.enum(paymentDriverNames).default(defaultPaymentSettings.driver),
    /** The fake gateway's callback HMAC secret; derived from APP_KEY when absent (every process shares it then). */
    PAYMENT_HMAC_SECRET: z
      .string()
      .min(16)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Each process writes the due appointment reminders (a day and two hours before) to the outbox this often. */
    REMINDER_INTERVAL_SECONDS: z.coerce.number().positive().default(60),
    /** Booking (issue 27): an online booking is held this long for its payment, then released by every process's job. */
    BOOKING_HOLD_MINUTES: z.coerce.number().int().positive().default(defaultBookingSettings.holdMinutes),
    BOOKING_HOLD_RELEASE_INTERVAL_MS: z.coerce.number().int().positive().default(30_000),
    /** Patients cancel or move a visit up to this many minutes before it. */
    BOOKING_CANCEL_CUTOFF_MINUTES: z.coerce.number().int().min(0).default(defaultBookingSettings.cancelCutoffMinutes),
    /** Retention (docs/privacy.md): days personal data is kept before every process's job deletes it. */
    RETENTION_PRESCRIPTION_IMAGES_DAYS: z.coerce.number().int().positive().default(defaultRetentionSettings.prescriptionImagesDays),
    RETENTION_OTP_CODES_DAYS: z.coerce.number().int().positive().default(defaultRetentionSettings.otpCodesDays),
    RETENTION_LOGIN_ATTEMPTS_DAYS: z.coerce.number().int().positive().default(defaultRetentionSettings.loginAttemptsDays),
    RETENTION_ACCESS_LOGS_DAYS: z.coerce.number().int().positive().default(defaultRetentionSettings.accessLogsDays),
    RETENTION_MESSAGE_BODIES_DAYS: z.coerce.number().int().positive().default(defaultRetentionSettings.messageBodiesDays),
    /** Minutes between two retention rounds of a process; 0 turns the job off in this process. */
    RETENTION_INTERVAL_MINUTES: z.coerce.number().min(0).default(defaultRetentionSettings.intervalMinutes),
    /** A person's requests about their data (issue 28): days to answer one, hours an access archive's link works. */
    DATA_REQUEST_DEADLINE_DAYS: z.coerce.number().int().positive().default(defaultDataRequestSettings.deadlineDays),
    DATA_EXPORT_TTL_HOURS: z.coerce.number().positive().default(defaultDataRequestSettings.archiveTtlHours),
    /** Each process builds the queued access archives this often. */
    DATA_EXPORT_INTERVAL_SECONDS: z.coerce.number().positive().default(30),
  })
  .superRefine((env, context) => {
    if (env.SMS_DRIVER === 'http' && !env.SMS_HTTP_URL)
      context.addIssue({ code: 'custom', path: ['SMS_HTTP_URL'], message: 'required with SMS_DRIVER=http' });
    if (env.MAIL_DRIVER === 'smtp' && !env.SMTP_URL)
      context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required with MAIL_DRIVER=smtp' });
    if (env.STORAGE_DRIVER !== 's3') return;
    for (const name of missingS3Variables(env))
      context.addIssue({ code: 'custom', path: [name], message: 'required with STORAGE_DRIVER=s3' });
  });

/** The S3 variables STORAGE_DRIVER=s3 needs (S3_ENDPOINT is optional: AWS itself when absent). */
export const requiredS3Variables = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The required S3 variables that are unset or empty, e.g. `['S3_BUCKET']`. */
export function missingS3Variables(env: Partial<Record<(typeof requiredS3Variables)[number], string | undefined>>) {
  return requiredS3Variables.filter((name) => !env[name]);
}

export type Config = z.infer<typeof envSchema>;

/** The retention periods the configuration sets (the server's job and `npm run privacy:report` read the same). */
export const retentionSettingsOf = (config: Config): RetentionSettings => ({
  prescriptionImagesDays: config.RETENTION_PRESCRIPTION_IMAGES_DAYS,
  otpCodesDays: config.RETENTION_OTP_CODES_DAYS,
  loginAttemptsDays: config.RETENTION_LOGIN_ATTEMPTS_DAYS,
  accessLogsDays: config.RETENTION_ACCESS_LOGS_DAYS,
  messageBodiesDays: config.RETENTION_MESSAGE_BODIES_DAYS,
  intervalMinutes: config.RETENTION_INTERVAL_MINUTES,
});

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new StartupError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

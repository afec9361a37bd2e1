import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loggerOptions } from './app';
import { bootstrap } from './bootstrap';
import { loadConfig } from './config';

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

async function main() {
  const started = Date.now();
  const config = loadConfig();
  const print = (message: string) => process.stdout.write(`${message}\n`);
  const { handle, storage, signer, admin } = await bootstrap(config, print);

  const app = await buildApp({
    db: handle.db,
    storage,
    signer,
    config: { timeZone: config.APP_TIMEZONE },
    corsOrigins: config.CORS_ORIGINS,
    tokenTtlHours: config.TOKEN_TTL_HOURS,
    loginLimits: {
      maxPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: config.LOGIN_WINDOW_MINUTES * 60_000,
    },
    webDistDir: dashboardDir(config.WEB_DIST_DIR),
    logger: loggerOptions(config.LOG_LEVEL),
  });

  const shutdown = async () => {
    await app.close();
    await handle.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  await app.listen({ port: config.PORT, host: config.HOST });
  const shownHost = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  print('');
  print(`Sehha is running on http://${shownHost}:${config.PORT}/en/login  (API reference: /api/docs)`);
  print(`Database: ${handle.driver === 'pglite' ? `embedded PGlite in ${resolve(config.DATA_DIR)}` : 'PostgreSQL (DATABASE_URL)'}`);
  if (admin.generatedPassword) {
    print(`Admin account created: ${admin.email} / ${admin.generatedPassword}`);
    print('This password is shown only once. Reset it with: npm run admin -- --email admin@example.com');
  } else if (admin.email) {
    print(`Admin account: ${admin.email} (password from ADMIN_PASSWORD)`);
  }
  print(`Started in ${Date.now() - started} ms`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});

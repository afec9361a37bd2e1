import { resolve } from 'node:path';
import { count } from 'drizzle-orm';
import type { Config } from './config';
import { openDatabase, type DatabaseWarn } from './db/connection';
import { users } from './db/schema/accounts';
import { withStartupLock } from './db/startup-lock';
import { checkStorage, createStorage } from './storage/create-storage';
import { createUrlSigner } from './storage/signed-urls';
import { loadAppKey } from './storage/app-key';
import { ensureFirstAdmin } from './auth/admin-accounts';
import { seedDemoData } from './seed/seed-demo-data';

/** Opens the database and storage, applies migrations, and prepares an empty database. */
export async function bootstrap(config: Config, log: (message: string) => void, warn?: DatabaseWarn) {
  // Checked before anything opens: without APP_KEY, processes sharing a PostgreSQL database would not share the key.
  const signer = createUrlSigner(loadAppKey(config.APP_KEY, config.DATA_DIR, { shared: Boolean(config.DATABASE_URL) }));
  // The folder or bucket of STORAGE_DRIVER; a wrong bucket or key pair is one start-up line, not a failed first upload.
  const storage = createStorage(config.STORAGE_DRIVER, config);
  await checkStorage(storage);
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DB_POOL_MAX,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    pageCacheEntries: config.PAGE_CACHE_ENTRIES,
    pageCacheVerify: config.PAGE_CACHE_VERIFY,
    warn,
  });

  // Processes starting together on one PostgreSQL database take turns: one migrates and seeds, the others find it done.
  const admin = await withStartupLock(
    config.DATABASE_URL,
    async () => {
      await handle.migrate();
      const [accounts] = await handle.db.select({ total: count() }).from(users);
      const emptyDatabase = (accounts?.total ?? 0) === 0;
      const firstAdmin = await ensureFirstAdmin(handle.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
      if (emptyDatabase && config.SEED_DEMO) {
        const started = Date.now();
        await seedDemoData(handle.db, storage);
        log(`Demo data seeded in ${Date.now() - started} ms`);
      }
      return firstAdmin;
    },
    log,
  );
  return { handle, storage, signer, admin, storageRoot: resolve(config.STORAGE_DIR) };
}

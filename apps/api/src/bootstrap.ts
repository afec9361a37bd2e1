import { resolve } from 'node:path';
import { count } from 'drizzle-orm';
import type { Config } from './config';
import { openDatabase } from './db/connection';
import { users } from './db/schema/accounts';
import { LocalStorage } from './storage/storage';
import { createUrlSigner } from './storage/signed-urls';
import { loadAppKey } from './storage/app-key';
import { ensureFirstAdmin } from './auth/admin-accounts';
import { seedDemoData } from './seed/seed-demo-data';

/** Opens the database and storage, applies migrations, and prepares an empty database. */
export async function bootstrap(config: Config, log: (message: string) => void) {
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await handle.migrate();
  const storage = new LocalStorage(config.STORAGE_DIR);
  const signer = createUrlSigner(loadAppKey(config.APP_KEY, config.DATA_DIR));

  const [accounts] = await handle.db.select({ total: count() }).from(users);
  const emptyDatabase = (accounts?.total ?? 0) === 0;
  const admin = await ensureFirstAdmin(handle.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  if (emptyDatabase && config.SEED_DEMO) {
    const started = Date.now();
    await seedDemoData(handle.db, storage);
    log(`Demo data seeded in ${Date.now() - started} ms`);
  }
  return { handle, storage, signer, admin, storageRoot: resolve(config.STORAGE_DIR) };
}

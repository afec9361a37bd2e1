import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error';

/** How an operator makes a key: the same 32 random bytes the generated key has. */
export const generateAppKeyCommand = `node -e "console.log(require('crypto').randomBytes(32).toString('base64url'))"`;

/**
 * APP_KEY when set, else a key generated once and kept (mode 600) in the data folder. On a shared
 * PostgreSQL database (DATABASE_URL) several API processes must sign and check storage URLs with the
 * same key, and a key in one process's DATA_DIR is not shared: there APP_KEY is required.
 */
export function loadAppKey(configured: string | undefined, dataDir: string, options: { shared?: boolean | undefined } = {}): string {
  if (configured) return configured;
  if (options.shared) {
    throw new StartupError(`APP_KEY is required with DATABASE_URL (every API process must use the same key); generate one with: ${generateAppKeyCommand}`);
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'app-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

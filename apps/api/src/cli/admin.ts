import { parseArgs } from 'node:util';
import { z } from 'zod';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { withStartupLock } from '../db/startup-lock';
import { randomPassword, upsertAdmin } from '../auth/admin-accounts';
import { passwordProblem } from '../auth/password-policy';

/** npm run admin -- --email someone@example.com [--password secret] [--name "Name"] */
async function main() {
  const { values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } } });
  if (!values.email) {
    process.stderr.write('Usage: npm run admin -- --email someone@example.com [--password secret] [--name "Name"]\n');
    process.exit(2);
  }
  if (!z.email().safeParse(values.email).success) {
    process.stderr.write(`Not an email address: ${values.email}\n`);
    process.exit(2);
  }
  const problem = values.password === undefined ? undefined : passwordProblem(values.password);
  if (problem) {
    process.stderr.write(`${problem.en}\n`);
    process.exit(2);
  }
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // Not while a starting server migrates the same PostgreSQL database (see db/startup-lock.ts).
  await withStartupLock(config.DATABASE_URL, () => handle.migrate());
  const password = values.password ?? randomPassword();
  const result = await upsertAdmin(handle.db, values.email, password, values.name);
  await handle.close();
  process.stdout.write(
    `${result.created ? 'Created' : 'Reset'} admin ${values.email}${values.password ? '' : ` with password: ${password}`}\n`,
  );
  if (!result.created) process.stdout.write('Every existing token of this account was revoked.\n');
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

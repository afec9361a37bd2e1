/**
 * Where one route's time goes, in-process (no HTTP, no load generator): app.inject `BENCH_ROUTE`
 * (default /api/admin/users) BENCH_ROUNDS times against BENCH_PROFILE_DATABASE_URL, after /api/auth/me
 * the same number of times; prints the mean per request of each. Run it under `node --cpu-prof` to see
 * which functions cost.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/connection';
import { upsertAdmin } from '../src/auth/admin-accounts';
import { LocalStorage } from '../src/storage/storage';
import { createUrlSigner } from '../src/storage/signed-urls';

const url = process.env.BENCH_PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/sehha_perf_bench_small';
const route = process.env.BENCH_ROUTE ?? '/api/admin/users';
const rounds = Number(process.env.BENCH_ROUNDS ?? 2000);
const admin = { email: 'profile-admin@sehha.test', password: 'profile-password-profile-password' };

const handle = await openDatabase({ databaseUrl: url });
await upsertAdmin(handle.db, admin.email, admin.password, 'Profile Admin');
const app = await buildApp({
  db: handle.db,
  storage: new LocalStorage(mkdtempSync(join(tmpdir(), 'sehha-profile-'))),
  signer: createUrlSigner('profile-secret-profile-secret-profile'),
  config: { timeZone: 'Africa/Cairo' },
  logger: false,
});
const token = ((await app.inject({ method: 'POST', url: '/api/auth/login', payload: admin })).json() as { data: { token: string } }).data
  .token;
const headers = { authorization: `Bearer ${token}` };
for (const path of ['/api/auth/me', route]) {
  for (let i = 0; i < 100; i++) await app.inject({ method: 'GET', url: path, headers });
  const started = performance.now();
  // 16 at a time, as the bench's connections.
  for (let i = 0; i < rounds; i += 16)
    await Promise.all(Array.from({ length: 16 }, () => app.inject({ method: 'GET', url: path, headers })));
  process.stdout.write(`${path}: ${((performance.now() - started) / rounds).toFixed(3)} ms per request\n`);
}
await app.close();
await handle.close();

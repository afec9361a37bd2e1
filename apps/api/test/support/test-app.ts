import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppOptions } from '../../src/app';
import type { Database, DatabaseHandle } from '../../src/db/connection';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import { LocalStorage, type Storage } from '../../src/storage/storage';
import { createUrlSigner, type UrlSigner } from '../../src/storage/signed-urls';
import { createTestDatabase } from './test-database';

export const adminCredentials = { email: 'admin@sehha.test', password: 'correct-horse-battery-staple' };

export type TestApp<S extends Storage = LocalStorage> = {
  app: App;
  db: Database;
  storage: S;
  signer: UrlSigner;
  baseUrl: string;
  adminToken: string;
  adminId: number;
  /** fetch against the running server; `token: null` sends no Authorization header. */
  call: (path: string, init?: RequestInit & { token?: string | null; json?: unknown; form?: Record<string, FormValue> }) => Promise<Response>;
  login: (email: string, password: string) => Promise<Response>;
  /** Another connection to this test's database, as a second API process would open (see test-database.ts). */
  connectAgain: () => Promise<DatabaseHandle>;
  close: () => Promise<void>;
};

export type FormValue = string | number | boolean | Blob | { file: Buffer; name: string; type?: string };

/** Builds multipart the way the dashboard does: booleans as 1/0, files as Blobs. */
export function formData(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'object') form.append(key, new Blob([new Uint8Array(value.file)], { type: value.type ?? 'application/octet-stream' }), value.name);
    else form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return form;
}

/**
 * A running API on a random port, over a fresh database and storage folder (or the given storage,
 * e.g. an S3 bucket: see s3-server.ts), with one admin logged in.
 */
export async function createTestApp<S extends Storage = LocalStorage>(
  { storage: given, ...options }: Pick<AppOptions, 'loginLimits' | 'appUrl' | 'trustProxy' | 'logger'> & { storage?: S } = {},
): Promise<TestApp<S>> {
  const handle = await createTestDatabase();
  const storageDir = mkdtempSync(join(tmpdir(), 'sehha-storage-'));
  const storage = given ?? (new LocalStorage(storageDir) as Storage as S);
  const signer = createUrlSigner('test-secret-test-secret-test-secret-00');
  const app = await buildApp({ db: handle.db, storage, signer, config: { timeZone: 'Africa/Cairo' }, ...options, logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { id: adminId } = await upsertAdmin(handle.db, adminCredentials.email, adminCredentials.password, 'Test Admin');

  const call: TestApp['call'] = (path, init = {}) => {
    const { token, json, form, headers, ...rest } = init;
    const allHeaders = new Headers(headers);
    if (token !== null && (token ?? adminTokenValue)) allHeaders.set('authorization', `Bearer ${token ?? adminTokenValue}`);
    let body = rest.body;
    if (json !== undefined) {
      allHeaders.set('content-type', 'application/json');
      body = JSON.stringify(json);
    } else if (form) {
      body = formData(form);
    }
    return fetch(`${address}${path}`, { ...rest, headers: allHeaders, body });
  };
  const login = (email: string, password: string) => call('/api/auth/login', { method: 'POST', token: null, json: { email, password } });

  let adminTokenValue = '';
  const response = await login(adminCredentials.email, adminCredentials.password);
  adminTokenValue = ((await response.json()) as { data: { token: string } }).data.token;

  return {
    app,
    db: handle.db,
    storage,
    signer,
    baseUrl: address,
    adminToken: adminTokenValue,
    adminId,
    call,
    login,
    connectAgain: handle.connectAgain,
    close: async () => {
      // A test that left a response unread or a large upload half-sent keeps its keep-alive socket busy, and
      // app.close() would wait for it forever: after a grace period, the sockets are cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), 5_000);
      await app.close();
      clearTimeout(cut);
      await handle.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App } from '../../src/app';
import type { Database } from '../../src/db/connection';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import { LocalStorage } from '../../src/storage/storage';
import { createUrlSigner, type UrlSigner } from '../../src/storage/signed-urls';
import { createTestDatabase } from './test-database';

export const adminCredentials = { email: 'admin@sehha.test', password: 'correct-horse-battery-staple' };

export type TestApp = {
  app: App;
  db: Database;
  storage: LocalStorage;
  signer: UrlSigner;
  baseUrl: string;
  adminToken: string;
  adminId: number;
  /** fetch against the running server; `token: null` sends no Authorization header. */
  call: (path: string, init?: RequestInit & { token?: string | null; json?: unknown; form?: Record<string, FormValue> }) => Promise<Response>;
  login: (email: string, password: string) => Promise<Response>;
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

/** A running API on a random port, over a fresh database and storage folder, with one admin logged in. */
export async function createTestApp(options: { loginLimits?: { maxPerAccount: number; maxPerAddress: number; windowMs: number } } = {}): Promise<TestApp> {
  const handle = await createTestDatabase();
  const storageDir = mkdtempSync(join(tmpdir(), 'sehha-storage-'));
  const storage = new LocalStorage(storageDir);
  const signer = createUrlSigner('test-secret-test-secret-test-secret-00');
  const app = await buildApp({ db: handle.db, storage, signer, config: { timeZone: 'Africa/Cairo' }, loginLimits: options.loginLimits, logger: process.env.TEST_LOG ? { level: 'error' } : false });
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
    close: async () => {
      await app.close();
      await handle.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

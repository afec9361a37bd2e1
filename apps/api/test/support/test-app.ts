import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, type App, type AppOptions } from '../../src/app';
import type { Database } from '../../src/db/database';
import type { DatabaseHandle } from '../../src/db/connection';
import { inject } from 'vitest';
import { users } from '../../src/db/schema/accounts';
import { adminCredentials } from './admin-credentials';
import { LocalStorage, type Storage } from '../../src/storage/storage';
import { createUrlSigner, type UrlSigner } from '../../src/storage/signed-urls';
import { createTestDatabase } from './test-database';

export { adminCredentials } from './admin-credentials';

/** fetch's options, where a test may pass `headers: undefined` (no extra headers), plus the test's own shortcuts. */
export type CallInit = Omit<RequestInit, 'headers'> & {
  headers?: ConstructorParameters<typeof Headers>[0] | undefined;
  token?: string | null | undefined;
  json?: unknown;
  form?: Record<string, FormValue> | undefined;
};

export type TestApp<S extends Storage = LocalStorage> = {
  app: App;
  db: Database;
  storage: S;
  signer: UrlSigner;
  /**
   * The origin the API's answers name: the listening server's address with `listen: true`, else
   * `http://localhost`, the Host that call() gives app.inject().
   */
  baseUrl: string;
  adminToken: string;
  adminId: number;
  /**
   * One request as fetch would send it, answered as a standard Response: through app.inject() (no port),
   * or over the socket with `listen: true`. `token: null` sends no Authorization header.
   */
  call: (path: string, init?: CallInit) => Promise<Response>;
  login: (email: string, password: string) => Promise<Response>;
  /** Another connection to this test's database, as a second API process would open (see test-database.ts). */
  connectAgain: () => Promise<DatabaseHandle>;
  close: () => Promise<void>;
};

export type FormValue = string | number | boolean | Blob | { file: Buffer; name: string; type?: string | undefined };

/** Builds multipart the way the dashboard does: booleans as 1/0, files as Blobs. */
export function formData(fields: Record<string, FormValue>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'object')
      form.append(key, new Blob([new Uint8Array(value.file)], { type: value.type ?? 'application/octet-stream' }), value.name);
    else form.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return form;
}

/** Content a Response may not carry (fetch answers these with a null body). */
const nullBodyStatuses = new Set([101, 204, 205, 304]);
const injectOrigin = 'http://localhost';

/**
 * The request fetch would send, handed to app.inject(): the body (text, JSON, FormData, Blob…) is
 * serialised by a standard Request, so a multipart form gets its boundary and bytes exactly as on the wire.
 */
async function injectAsFetch(app: App, path: string, init: RequestInit): Promise<Response> {
  const request = new Request(`${injectOrigin}${path}`, init);
  const headers = Object.fromEntries(request.headers);
  // What fetch adds when the caller does not say: the Host of the origin and its default accept headers.
  headers.host ??= new URL(injectOrigin).host;
  headers.accept ??= '*/*';
  headers['accept-language'] ??= '*';
  const url = new URL(request.url);
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const reply = await app.inject({
    method: request.method as 'GET',
    url: `${url.pathname}${url.search}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(item));
  }
  const body = nullBodyStatuses.has(reply.statusCode) || request.method === 'HEAD' ? null : new Uint8Array(reply.rawPayload);
  return new Response(body, { status: reply.statusCode, statusText: reply.statusMessage, headers: responseHeaders });
}

/**
 * An API over a fresh database and storage folder (or the given storage, e.g. an S3 bucket: see
 * s3-server.ts), with one admin logged in. Requests go through app.inject(), with no open port;
 * `listen: true` starts the server on a random port instead, for tests where the socket is the point
 * (raw request bytes, streamed uploads, the HTTP parser).
 */
export async function createTestApp<S extends Storage = LocalStorage>({
  storage: given,
  listen = false,
  clock,
  ...options
}: Pick<
  AppOptions,
  | 'loginLimits'
  | 'appUrl'
  | 'trustProxy'
  | 'logger'
  | 'requireTwoFactor'
  | 'otp'
  | 'applications'
  | 'prescriptions'
  | 'messaging'
  | 'payments'
  | 'clock'
  | 'booking'
  | 'retention'
  | 'legal'
  | 'dataRequests'
> & {
  storage?: S | undefined;
  listen?: boolean | undefined;
} = {}): Promise<TestApp<S>> {
  const handle = await createTestDatabase();
  const storageDir = mkdtempSync(join(tmpdir(), 'sehha-storage-'));
  const storage = given ?? (new LocalStorage(storageDir) as Storage as S);
  // One "now" for the booking rules and the signed links (a test moves it to let a link expire).
  const signer = createUrlSigner('test-secret-test-secret-test-secret-00', clock && (() => clock().getTime()));
  const app = await buildApp({
    db: handle.db,
    storage,
    signer,
    config: { timeZone: 'Africa/Cairo' },
    clock,
    ...options,
    logger: options.logger ?? (process.env.TEST_LOG ? { level: 'error' } : false),
  });
  const address = listen ? await app.listen({ port: 0, host: '127.0.0.1' }) : (await app.ready(), injectOrigin);
  // The admin as upsertAdmin creates it, with the password hashed once per run (global-setup.ts): an argon2
  // hash per test app cost the suite a second each under load.
  const [{ id: adminId }] = (await handle.db
    .insert(users)
    .values({
      name: 'Test Admin',
      email: adminCredentials.email,
      password_hash: inject('adminPasswordHash'),
      role: 'admin',
      admin_role: 'super_admin',
    })
    .returning({ id: users.id })) as [{ id: number }];

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
    const request = { ...rest, headers: allHeaders, body: body ?? null };
    return listen ? fetch(`${address}${path}`, request) : injectAsFetch(app, path, request);
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

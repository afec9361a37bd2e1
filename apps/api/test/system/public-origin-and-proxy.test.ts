import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, createTestApp, type TestApp } from '../support/test-app';

type Paginated = { data: { path: string; next_page_url: string | null; first_page_url: string } };

const listWithHost = (t: TestApp, host: string) =>
  t.app
    .inject({ method: 'GET', url: '/api/admin/hospitalies/types?per_page=1', headers: { host, authorization: `Bearer ${t.adminToken}` } })
    .then((r) => r.json() as Paginated);

const wrongLogin = (t: TestApp, forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: adminCredentials.email, password: 'wrong-password-123' },
  });

describe('absolute URLs never reflect a client-chosen Host', () => {
  let plain: TestApp;
  let configured: TestApp;
  beforeAll(async () => {
    [plain, configured] = await Promise.all([createTestApp(), createTestApp({ appUrl: 'https://admin.sehha.example/' })]);
  });
  afterAll(() => Promise.all([plain.close(), configured.close()]));

  it('uses APP_URL when it is set, whatever the Host header says', async () => {
    const page = await listWithHost(configured, 'evil.example');
    expect(page.data.path).toBe('https://admin.sehha.example/api/admin/hospitalies/types');
    expect(page.data.first_page_url.startsWith('https://admin.sehha.example/')).toBe(true);
  });

  it('without APP_URL, reflects only loopback hosts', async () => {
    expect((await listWithHost(plain, 'evil.example')).data.path).toBe('http://localhost/api/admin/hospitalies/types');
    expect((await listWithHost(plain, 'evil.example:3000')).data.path).not.toContain('evil');
    expect((await listWithHost(plain, '127.0.0.1:3000')).data.path).toBe('http://127.0.0.1:3000/api/admin/hospitalies/types');
  });
});

describe('TRUST_PROXY', () => {
  const limits = { maxPerAccountAndAddress: 2, maxPerAccount: 100, maxPerAddress: 100, windowMs: 60_000 };
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    [direct, proxied] = await Promise.all([createTestApp({ loginLimits: limits }), createTestApp({ loginLimits: limits, trustProxy: 1 })]);
  });
  afterAll(() => Promise.all([direct.close(), proxied.close()]));

  it('is off by default: a client cannot pick its own address with X-Forwarded-For', async () => {
    for (let i = 0; i < 2; i++) expect((await wrongLogin(direct, `10.0.0.${i}`)).statusCode).toBe(422);
    expect((await wrongLogin(direct, '10.0.0.99')).statusCode).toBe(429);
  });

  it('with a trusted hop, each forwarded client is limited on its own', async () => {
    for (let i = 0; i < 2; i++) expect((await wrongLogin(proxied, '10.0.0.1')).statusCode).toBe(422);
    expect((await wrongLogin(proxied, '10.0.0.1')).statusCode).toBe(429);
    expect((await wrongLogin(proxied, '10.0.0.2')).statusCode).toBe(422);
  });
});

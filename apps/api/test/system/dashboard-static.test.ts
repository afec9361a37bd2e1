import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app';
import { LocalStorage } from '../../src/storage/storage';
import { createUrlSigner } from '../../src/storage/signed-urls';
import { createTestDatabase } from '../support/test-database';

/** A dashboard build as apps/web/vite.config.ts writes it: per-language pages, .br/.gz siblings, hidden maps. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'sehha-web-'));
  mkdirSync(join(root, 'assets'));
  const page = (lng: string, dir: string, preload = '') =>
    `<!doctype html><html lang="${lng}" dir="${dir}"><head><script type="module" src="/assets/index-abc.js"></script>${preload}</head><body></body></html>`;
  const shell = '<link rel="modulepreload" href="/assets/dashboard-layout-abc.js">';
  const screens = '<link rel="modulepreload" href="/assets/en-screens-abc.js">';
  writeFileSync(join(root, 'index.html'), page('en', 'ltr'));
  for (const [lng, dir] of [
    ['en', 'ltr'],
    ['ar', 'rtl'],
  ] as const) {
    writeFileSync(join(root, `index.${lng}.html`), page(lng, dir));
    writeFileSync(join(root, `index.${lng}.dashboard.html`), page(lng, dir, shell));
    writeFileSync(join(root, `index.${lng}.screens.html`), page(lng, dir, shell + screens));
  }
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(join(root, 'assets/index-abc.js'), script);
  writeFileSync(join(root, 'assets/index-abc.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets/index-abc.js.gz'), gzipSync(script));
  writeFileSync(join(root, 'assets/index-abc.js.map'), '{"version":3}');
  return root;
}

describe('serving the built dashboard', () => {
  let app: App;
  let closeDb: () => Promise<void>;
  let root: string;
  let storageDir: string;
  beforeAll(async () => {
    root = fakeBuild();
    storageDir = mkdtempSync(join(tmpdir(), 'sehha-storage-'));
    const handle = await createTestDatabase();
    closeDb = handle.close;
    app = await buildApp({
      db: handle.db,
      storage: new LocalStorage(storageDir),
      signer: createUrlSigner('test-secret-test-secret-test-secret-00'),
      config: { timeZone: 'Africa/Cairo' },
      webDistDir: root,
      logger: false,
    });
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
    rmSync(root, { recursive: true, force: true });
    rmSync(storageDir, { recursive: true, force: true });
  });

  it.each([
    ['/ar/login', 'ar', 'rtl', false, false],
    ['/ar/dashboard/home?x=1', 'ar', 'rtl', true, false],
    ['/en/login', 'en', 'ltr', false, false],
    ['/en/dashboard', 'en', 'ltr', true, false],
    ['/en/dashboard/home', 'en', 'ltr', true, false],
    ['/en/dashboard/doctors?search=a', 'en', 'ltr', true, true],
    ['/ar/dashboard/hospital-doctors/1/2', 'ar', 'rtl', true, true],
    ['/', 'en', 'ltr', false, false],
    ['/fr/login', 'en', 'ltr', false, false],
  ])(
    '%s is the page with <html lang="%s" dir="%s"> before any script (shell preloaded: %s, screens\' messages: %s)',
    async (url, lng, dir, shell, screens) => {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<html lang="${lng}" dir="${dir}">`);
      expect(response.body.includes('dashboard-layout-abc.js')).toBe(shell);
      expect(response.body.includes('en-screens-abc.js')).toBe(screens);
    },
  );

  it('sends the pre-compressed file the client accepts, and keeps hashed assets immutable', async () => {
    const brotli = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzip = await app.inject({ url: '/assets/index-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('console.log');

    const plain = await app.inject({ url: '/assets/index-abc.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
  });

  it('answers 404, not the page, for a file that is not in the build', async () => {
    for (const url of ['/favicon.ico', '/robots.txt', '/assets/index-gone.js', '/en/dashboard/logo.png']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('application/json');
    }
    // Client routes still get their page, dots in the query included.
    const page = await app.inject({ url: '/en/dashboard/doctors?search=a.b' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="en"');
  });

  it('does not publish source maps', async () => {
    expect((await app.inject({ url: '/assets/index-abc.js.map' })).statusCode).toBe(404);
  });

  it('compresses JSON answers above 1 KB only', async () => {
    const big = await app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toHaveProperty('openapi');

    const small = await app.inject({ url: '/api/health', headers: { 'accept-encoding': 'gzip' } });
    expect(small.payload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

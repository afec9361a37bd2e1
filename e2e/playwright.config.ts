import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, findChromium } from './support/chromium';
import { admin, baseURL, port } from './support/env';

const repoRoot = resolve(import.meta.dirname, '..');

// The config is loaded again in every worker: create the data dir once and hand it down by env.
process.env.SEHHA_E2E_DIR ??= mkdtempSync(join(tmpdir(), 'sehha-e2e-'));
const dataRoot = process.env.SEHHA_E2E_DIR;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 2,
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Generous on purpose: a flow that takes 8 s on a quiet machine took 30 s on a CI machine shared three ways; a
  // timeout is the net for a hung test, not a speed check (the bench measures speed).
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
    // Recording a trace for every test, to keep the failed ones, slowed each test by a quarter: CI records one when it
    // retries a failure; locally, ask with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // E2E_SERVER_COMMAND / E2E_WEB_DIST_DIR: run against private builds while others rebuild the shared ones.
    command: process.env.E2E_SERVER_COMMAND ?? 'node apps/api/dist/server.js',
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataRoot, 'data'),
      STORAGE_DIR: join(dataRoot, 'storage'),
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
      // Every list's statement checked against the one the page cache remembered for its shape.
      PAGE_CACHE_VERIFY: 'true',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  },
});

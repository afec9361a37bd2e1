import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One migrated database per run for each project (PGlite and PostgreSQL), copied by every test file.
    globalSetup: ['./test/support/global-setup.ts'],
    // Files share a worker's modules (and its loaded PGlite template): importing the API anew for each file was
    // half of its time. The files share no mocks; each builds its own app and database.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

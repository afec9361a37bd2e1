import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // One migrated database per run for each project (PGlite and PostgreSQL), copied by every test file.
    globalSetup: ['./test/support/global-setup.ts'],
    // Test files share their worker's modules: importing the whole API again for each file was most of a file's time
    // (docs/performance/e2e.md). No test file mocks a module; each builds its own app, database and storage.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

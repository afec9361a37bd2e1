import { defineConfig } from 'vitest/config';

// API tests run on embedded PGlite always, and again on PostgreSQL when TEST_DATABASE_URL is set.
const apiOnPostgres = process.env.TEST_DATABASE_URL
  ? [{ extends: './apps/api/vitest.config.ts', test: { name: 'api:postgres', env: { TEST_DB: 'postgres' } } }]
  : [];

export default defineConfig({
  test: {
    // PGlite instances and jsdom are heavy; two workers fit the 2-core machines.
    maxWorkers: 2,
    projects: [
      './packages/contract/vitest.config.ts',
      { extends: './apps/api/vitest.config.ts', test: { name: 'api:pglite', env: { TEST_DB: 'pglite' } } },
      ...apiOnPostgres,
      './apps/web/vitest.config.ts',
    ],
  },
});

import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    backup: 'src/cli/backup.ts',
    restore: 'src/cli/restore.ts',
    'storage-migrate': 'src/cli/storage-migrate.ts',
    'privacy-report': 'src/cli/privacy-report.ts',
  },
  format: 'esm',
  platform: 'node',
  target: 'node24',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // The contract is TypeScript source: bundle it; every npm dependency stays external.
  noExternal: [/^@sehha\//],
});

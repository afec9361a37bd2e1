import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { directionOf, languages, type Language } from './src/lib/language';

// The API serves the built dashboard on the same origin; in dev Vite proxies API and uploads to it.
const apiTarget = process.env.SEHHA_API_URL ?? 'http://localhost:3000';

/**
 * The pages the API serves, written from index.html: `index.<lng>.html` for `/<lng>/...`, with
 * `<html lang dir>` right before any script runs and the language's core message chunk (i18n/bundles/<lng>.ts)
 * preloaded beside the entry instead of fetched after it; and `index.<lng>.dashboard.html` for
 * `/<lng>/dashboard/...`, which also preloads the dashboard's messages (i18n/bundles/<lng>-dashboard.ts) and
 * the dashboard shell (app/dashboard-layout.tsx), so a signed-in
 * screen does not wait for the entry to run before asking for it; `index.<lng>.screens.html`, for every dashboard
 * screen but home, also preloads the screens' messages (i18n/bundles/<lng>-screens.ts), which home does without.
 * `index.<lng>.html` preloads the login screen's chunk instead, which the dashboard's first load does not carry.
 */
function languagePages(): Plugin {
  return {
    name: 'sehha:language-pages',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const template = bundle['index.html'];
      if (template?.type !== 'asset') return;
      const html = String(template.source);
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const chunkOf = (source: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(source));
        if (!chunk) this.error(`no chunk for ${source}`);
        return [chunk.fileName, ...chunk.imports];
      };
      const page = (lng: Language, files: string[]) => {
        const preloads = [...new Set(files)]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        return html
          .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lng}" dir="${directionOf(lng)}">`)
          .replace(/\n\s*<\/head>/, `\n${preloads}  </head>`);
      };
      const shell = chunkOf('/src/app/dashboard-layout.tsx');
      const login = chunkOf('/src/features/auth/login-page.tsx');
      for (const lng of languages) {
        const messages = chunkOf(`/src/i18n/bundles/${lng}.ts`);
        const dashboardMessages = chunkOf(`/src/i18n/bundles/${lng}-dashboard.ts`);
        const screensMessages = chunkOf(`/src/i18n/bundles/${lng}-screens.ts`);
        this.emitFile({ type: 'asset', fileName: `index.${lng}.html`, source: page(lng, [...messages, ...login]) });
        this.emitFile({
          type: 'asset',
          fileName: `index.${lng}.dashboard.html`,
          source: page(lng, [...messages, ...dashboardMessages, ...shell]),
        });
        this.emitFile({
          type: 'asset',
          fileName: `index.${lng}.screens.html`,
          source: page(lng, [...messages, ...dashboardMessages, ...screensMessages, ...shell]),
        });
      }
    },
  };
}

const compressible = /\.(js|css|html|svg|json|txt|ico)$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text asset once the build is out: the API sends them
 * as they are (@fastify/static `preCompressed`), so no request spends CPU compressing a static file.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'sehha:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((path) => compressible.test(path))) {
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        const brotli = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
        });
        const gzip = gzipSync(source, { level: 9 });
        if (brotli.length < source.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < source.length) writeFileSync(`${file}.gz`, gzip);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), languagePages(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/storage': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    // Maps are written for error tracking but not linked from the bundles; the API does not serve them.
    sourcemap: 'hidden',
  },
});

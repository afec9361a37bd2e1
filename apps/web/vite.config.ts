import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import MagicString from 'magic-string';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { directionOf, languages, type Language } from './src/lib/language';
import { shellFrame } from './src/components/layout/shell-frame';
import { zodFreeContractModules } from './build/contract-usage';
import enCommon from './src/i18n/en/common';
import arCommon from './src/i18n/ar/common';

const pageLoading: Record<Language, string> = { en: enCommon.pageLoading, ar: arCommon.pageLoading };

const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/[\\/]development[\\/]index\.m?js$/, '/production/index.mjs');
if (!reactRouterProduction.endsWith('/production/index.mjs') || !existsSync(reactRouterProduction))
  throw new Error(`React Router's production build is not where it was: ${reactRouterProduction}`);

// The API serves the built dashboard on the same origin; in dev Vite proxies API and uploads to it.
const apiTarget = process.env.SEHHA_API_URL ?? 'http://localhost:3000';

/**
 * The pages the API serves, written from index.html, each with `<html lang dir>` right before any script runs and the
 * language's core message chunk (i18n/bundles/<lng>.ts) preloaded beside its entry instead of fetched after it:
 * - `index.<lng>.html` for `/<lng>/...` outside the dashboard: the login page's own entry (src/login-main.tsx: React,
 *   i18next and the form, no router), which hands any other path over to the dashboard;
 * - `index.<lng>.dashboard.html` for `/<lng>/dashboard` and home: the dashboard's entry (src/main.tsx), with the
 *   dashboard's messages (i18n/bundles/<lng>-dashboard.ts) and shell (app/dashboard-layout.tsx) preloaded, so a
 *   signed-in screen does not wait for the entry to run before asking for them;
 * - `index.<lng>.screens.html` for every other dashboard screen: the same, the screens' messages
 *   (i18n/bundles/<lng>-screens.ts) and the screens' shared code (moduleGroups' `screens`), which home does without.
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
        // Its own chunk, or the group chunk that holds it (moduleGroups' `shell`).
        const chunk =
          chunks.find((candidate) => candidate.facadeModuleId?.endsWith(source)) ??
          chunks.find((candidate) => candidate.moduleIds.some((id) => id.endsWith(source)));
        if (!chunk) this.error(`no chunk for ${source}`);
        return [chunk.fileName, ...chunk.imports];
      };
      const page = (lng: Language, files: string[], template = html) => {
        const preloads = [...new Set(files)]
          .filter((file) => !template.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">\n`)
          .join('');
        return template
          .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lng}" dir="${directionOf(lng)}">`)
          .replace(/\n\s*<\/head>/, `\n${preloads}  </head>`);
      };
      // The dashboard's pages paint the shell's shapes before any script runs; React replaces them on its first render.
      const withFrame = (lng: Language, source: string) => {
        const root = '<div id="root"></div>';
        if (!source.includes(root)) this.error('index.html has no empty #root');
        return source.replace(root, `<div id="root">${shellFrame(pageLoading[lng])}</div>`);
      };
      // The login pages: index.html's entry script and its preloads give way to the login entry's.
      const [loginEntry, ...loginImports] = chunkOf('/src/login-main.tsx');
      const loginTemplate = html
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(
          /<script type="module" crossorigin src="[^"]*"><\/script>/,
          `<script type="module" crossorigin src="/${loginEntry}"></script>`,
        );
      if (!loginTemplate.includes(`/${loginEntry}"`)) this.error('index.html has no entry script to replace');
      const shell = chunkOf('/src/app/dashboard-layout.tsx');
      for (const lng of languages) {
        const messages = chunkOf(`/src/i18n/bundles/${lng}.ts`);
        const dashboardMessages = chunkOf(`/src/i18n/bundles/${lng}-dashboard.ts`);
        const screensMessages = chunkOf(`/src/i18n/bundles/${lng}-screens.ts`);
        const screens = chunks.find((chunk) => chunk.name === 'screens');
        if (!screens) this.error('no screens chunk');
        this.emitFile({ type: 'asset', fileName: `index.${lng}.html`, source: page(lng, [...loginImports, ...messages], loginTemplate) });
        this.emitFile({
          type: 'asset',
          fileName: `index.${lng}.dashboard.html`,
          source: withFrame(lng, page(lng, [...messages, ...dashboardMessages, ...shell])),
        });
        this.emitFile({
          type: 'asset',
          fileName: `index.${lng}.screens.html`,
          source: withFrame(lng, page(lng, [...messages, ...dashboardMessages, ...screensMessages, ...shell, screens.fileName])),
        });
      }
    },
  };
}

/** Initialisers that may run code (a schema's builders, a helper's call); literals and functions need no wrapping. */
const mayRunCode = new Set(['CallExpression', 'NewExpression', 'ObjectExpression', 'MemberExpression', 'ChainExpression']);

/**
 * Makes each top-level `const x = …` of `@sehha/contract` that runs code a pure call: `const x = /* @__PURE__ *\/ (() =>
 * …)();`. Those modules declare zod schemas beside the paths, vocabularies and sort columns a list screen imports; the
 * bundler cannot tell that building a schema changes nothing outside it (`.optional()`, `envelope(paginator(…))`), so
 * each screen carried every schema of the modules it touched, and zod with them (about 21 KB Brotli on every list).
 * Wrapped, a schema nobody uses is left out, and zod with it when a screen uses none. Same value, same order.
 */
function pureContract(): Plugin {
  return {
    name: 'sehha:pure-contract',
    apply: 'build',
    transform(code, id) {
      if (!/\/packages\/contract\/src\/[\w-]+\.ts(\?web|\?form)?$/.test(id)) return null;
      const marked = new MagicString(code);
      for (const statement of this.parse(code).body) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const { init } of declaration.declarations) {
          if (!init || !mayRunCode.has(init.type)) continue;
          const { start, end } = init as unknown as { start: number; end: number };
          marked.appendLeft(start, '/* @__PURE__ */ (() => (').appendRight(end, '))()');
        }
      }
      return marked.hasChanged() ? { code: marked.toString(), map: marked.generateMap({ hires: true }) } : null;
    },
  };
}

/** A resource's form (`resources/<name>.form.tsx`, `plan.form.tsx`), loaded with the form's route or dialog only. */
const formModule = /\.form\.tsx?$/;
const formLibraries = /^import\s+(?!type\s)[^;]*?from\s+'(zod|react-hook-form|@hookform\/[^']+)'/m;
const formsUsers = new Map<string, boolean>();
/** A form's module, or a module that runs the form libraries itself (a dialog's form): it validates with the schemas. */
const usesForms = (id: string) => {
  let known = formsUsers.get(id);
  if (known === undefined) formsUsers.set(id, (known = formModule.test(id) || formLibraries.test(readFileSync(id, 'utf8'))));
  return known;
};

/**
 * The dashboard's own instance of each contract module (`….ts?web`), apart from the one the contract's modules import
 * from each other. A list takes vocabularies (`providerStatuses`) and paths from status-codes.ts or envelope.ts, whose
 * schemas the forms' schemas use through the contract; shared, one chunk held both and every list loaded zod. The
 * dashboard's instance keeps what the dashboard imports itself, so its chunk is zod-free when that is constants only.
 * The forms (`*.form.tsx`, and the dialogs that run a form) have a third instance (`….ts?form`): a list takes a
 * resource's paths from the module whose row and input schemas its form uses, and sharing it brought zod to the list.
 * A contract module's imports of its siblings stay in its instance.
 */
function webContractInstance(): Plugin {
  return {
    name: 'sehha:web-contract-instance',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      // A contract module's own imports (`./status-codes`) stay in its instance: the dashboard's lists never share a
      // module with the forms' instance, whose schemas they do not use.
      const instance = importer && /\/packages\/contract\/src\/[\w-]+\.ts\?(web|form)$/.exec(importer)?.[1];
      if (instance && source.startsWith('.')) {
        const resolved = await this.resolve(source, importer.slice(0, -`?${instance}`.length), { ...options, skipSelf: true });
        return resolved && { ...resolved, id: `${resolved.id}?${instance}` };
      }
      if (!source.startsWith('@sehha/contract/') || !importer?.includes('/apps/web/src/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?${usesForms(importer) ? 'form' : 'web'}` };
    },
    load(id) {
      const instance = /\.ts\?(web|form)$/.exec(id);
      return instance ? readFileSync(id.slice(0, -`?${instance[1]}`.length), 'utf8') : null;
    },
  };
}

/**
 * Gathers the dashboard's small shared modules into three chunks instead of one chunk per set of screens sharing them:
 * - `base`: what the login page and the signed-in shell both load (React, i18next, the languages' common labels), and
 *   what the login page shares with the screens;
 * - `shell`: the rest of what the signed-in shell loads (app/start.tsx, app/dashboard-layout.tsx, home, their imports);
 * - `screens`: the app's modules, icons and contract modules that two or more lazily loaded screens share, but those
 *   whose imports reach the form libraries (react-hook-form, zod), a language's texts or a contract schema in use
 *   (build/contract-usage.ts), which stay apart. The screens' HTML preloads it: every list needs it.
 * Left alone, a list screen loaded about 75 scripts of 0.2–3 KB: over HTTP/1.1's six connections, each round of six
 * costs a round trip, which on a phone's network was most of the time to the first row (docs/performance/web.md).
 * A list now loads five. The module graph is read once the build has parsed every module; the groups' tests look
 * modules up in it.
 */
const forms = /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/;

function moduleGroups() {
  const source = (path: string) => join(import.meta.dirname, 'src', path);
  const groups = new Map<string, 'base' | 'shell' | 'screens'>();
  const plugin: Plugin = {
    name: 'sehha:module-groups',
    apply: 'build',
    buildEnd() {
      // `leaf`: modules whose imports are not followed (a group's, whose chunk does not bring its imports' code).
      const closure = (roots: string[], into = new Set<string>(), leaf = (_id: string) => false) => {
        const pending = [...roots];
        while (pending.length) {
          const id = pending.pop()!;
          if (into.has(id)) continue;
          into.add(id);
          if (!leaf(id)) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const login = closure([source('login-main.tsx')]);
      // Home is every sign-in's first screen: it comes with the shell.
      const shell = closure([
        source('main.tsx'),
        source('app/start.tsx'),
        source('app/dashboard-layout.tsx'),
        source('features/home/home-page.tsx'),
      ]);
      const ours = (id: string) => id.includes('/apps/web/src/') || /[\\/]node_modules[\\/]lucide-react[\\/]/.test(id);
      // How many lazily loaded modules (screens, dialogs) reach each module through static imports.
      const shared = new Map<string, number>();
      for (const id of this.getModuleIds()) {
        if (!this.getModuleInfo(id)?.dynamicImporters.length) continue;
        for (const module of closure([id])) shared.set(module, (shared.get(module) ?? 0) + 1);
      }
      // The languages' messages (i18n/bundles and their texts) stay apart: each page preloads its language's. What else
      // they import (the contract's labels in both languages, the namespaces' list) is in `base`, as the login loads it.
      const messages = closure([...this.getModuleIds()].filter((id) => id.includes('/apps/web/src/i18n/bundles/')));
      const texts = (id: string) => /\/apps\/web\/src\/i18n\/(bundles|en|ar)\//.test(id);
      for (const id of this.getModuleIds()) {
        // An entry stays the page's own script: main.tsx (index.html's) starts the dashboard when it runs, and in `shell`
        // it ran again when the login page loaded the shell after a sign-in (two React roots on #root).
        if (texts(id) || id === source('main.tsx') || this.getModuleInfo(id)?.isEntry) continue;
        if (messages.has(id) || (login.has(id) && shell.has(id))) groups.set(id, 'base');
        else if (shell.has(id)) groups.set(id, 'shell');
      }
      // The dashboard's instance of a contract module (`….ts?web`) joins `screens` when the exports the dashboard uses
      // declare no schema: its schemas nobody uses are left out (sehha:pure-contract), and zod with them.
      const zodFree = zodFreeContractModules({
        ids: this.getModuleIds(),
        info: (id) => this.getModuleInfo(id),
        parse: (code) => this.parse(code),
      });
      for (const id of zodFree) if (!groups.has(id) && !login.has(id) && (shared.get(id) ?? 0) >= 2) groups.set(id, 'screens');
      // A group takes its modules' imports with it: a module whose imports reach the form libraries, a language's texts
      // or a contract module outside the groups (whose schemas a form uses, and zod with them) stays out.
      const staysOut = (module: string) =>
        forms.test(module) || texts(module) || (module.includes('/packages/contract/') && !groups.has(module) && !zodFree.has(module));
      const known = (module: string) => groups.has(module) || zodFree.has(module);
      for (const id of this.getModuleIds()) {
        if (groups.has(id) || login.has(id) || !ours(id) || (shared.get(id) ?? 0) < 2) continue;
        if (![...closure([id], new Set(), known)].some(staysOut)) groups.set(id, 'screens');
      }
      // What the login page shares with the screens (a field's frame) goes to `base`, which both load: a group takes its
      // modules' imports with it, and in `screens` it would have brought every screen's code to the login page.
      for (const id of login) {
        if (groups.has(id)) continue;
        const importers = this.getModuleInfo(id)?.importers ?? [];
        if (importers.some((importer) => groups.get(importer) === 'screens')) groups.set(id, 'base');
      }
    },
  };
  // The analysis above is the build's own guess; the bundle is the truth. A group chunk that imports zod or the form
  // libraries would bring them to every list (about 23 KB Brotli).
  plugin.generateBundle = function (_options, bundle) {
    const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
    const formChunks = new Set(chunks.filter((chunk) => chunk.moduleIds.some((id) => forms.test(id))).map((chunk) => chunk.fileName));
    for (const chunk of chunks) {
      if (!['base', 'shell', 'screens'].includes(chunk.name)) continue;
      const imported = chunk.imports.filter((file) => formChunks.has(file));
      if (imported.length) this.error(`the ${chunk.name} chunk imports the form libraries' chunks: ${imported.join(', ')}`);
    }
  };
  const group = (name: 'base' | 'shell' | 'screens', priority: number) => ({
    name,
    priority,
    test: (id: string) => groups.get(id) === name,
  });
  return { plugin, groups: [group('base', 3), group('shell', 2), group('screens', 1)] };
}
const modules = moduleGroups();

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

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), webContractInstance(), pureContract(), modules.plugin, languagePages(), precompress()],
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/storage': { target: apiTarget, changeOrigin: true },
    },
  },
  resolve: {
    // React Router's package exports name its development build only (remix-run/react-router#14102, #14753): the
    // production build is taken by path, without the development warnings' code.
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: 'dist',
    // The dashboard (index.html → src/main.tsx) and the login page's own entry (see languagePages).
    rollupOptions: {
      input: { index: 'index.html', login: 'src/login-main.tsx' },
      // The contract's modules only declare (sehha:pure-contract): one whose exports a chunk does not use is not imported.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/packages/contract/src/') },
      // zod in a chunk of its own: beside a contract module's constants (`searchCountCap`), it came with them.
      output: {
        codeSplitting: {
          groups: [{ name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/, priority: 4 }, ...modules.groups],
        },
      },
    },
    // Maps are written for error tracking but not linked from the bundles; the API does not serve them.
    sourcemap: 'hidden',
  },
}));

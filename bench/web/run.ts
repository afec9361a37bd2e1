/**
 * `npm run bench:web`: the dashboard's weight and Lighthouse performance, from a cold cache.
 *
 * Builds the dashboard into a temporary folder, starts the API on 127.0.0.1 (a free port, PGlite with
 * the demo data in a temporary data folder), signs in, and for /en/login, /ar/login, home and every list screen
 * prints the JS and CSS bytes as sent and Lighthouse's performance score, LCP, TBT and CLS, desktop and
 * mobile, the median of 3 runs each. Debian's Chromium (CHROME_PATH, else /usr/bin/chromium); nothing is
 * downloaded. Not part of `npm test`: e2e/performance.spec.ts guards the first-load budgets there.
 *
 * BENCH_RUNS=1 for a quicker, noisier look; BENCH_ONLY=home to measure the pages whose name contains it
 * (BENCH_ONLY=doctors,users: any of them); BENCH_FORM=mobile for one form factor; BENCH_DEBUG=1 keeps each run's
 * Lighthouse report (its long tasks, bootup time, requests) in the temporary folder.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const repoRoot = resolve(import.meta.dirname, '../..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
/** BENCH_ONLY=doctors,users: the pages whose name contains one of the parts. */
const only = (process.env.BENCH_ONLY ?? '').split(',');
/** BENCH_FORM=mobile (or desktop): that form factor only. */
const formFactors = (['desktop', 'mobile'] as const).filter((form) => !process.env.BENCH_FORM || form === process.env.BENCH_FORM);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const admin = { email: 'bench@sehha.test', password: 'Bench-web-Password-1' };

type Page = { name: string; path: string; signedIn: boolean };
/**
 * Every list screen (app/routes.tsx), by its name in config/paths.ts and its route; `:doctor` is the first demo
 * doctor, looked up once signed in. e2e/performance.spec.ts holds the same screens' first-load budgets.
 */
const listScreens: Array<[name: string, route: string]> = [
  ['doctors', 'doctors'],
  ['pharmacies', 'pharmacies'],
  ['hospitals', 'hospitals'],
  ['medicalCenters', 'medical-center'],
  ['companies', 'company'],
  ['users', 'users'],
  ['deactivatedUsers', 'users/deactivated'],
  ['admins', 'admins'],
  ['doctorAppointments', 'doctor-appointment/:doctor'],
  ['prescriptions', 'prescription'],
  ['requests', 'requests'],
  ['license', 'license'],
  ['specialities', 'specialities'],
  ['categories', 'categories'],
  ['locations', 'locations'],
  ['subscription', 'subscription'],
  ['userSubscription', 'user-subscription'],
  ['homeAds', 'home-ads'],
  ['auditLog', 'audit-log'],
  ['accessLog', 'data-access'],
  ['notifications', 'notifications'],
  ['dataRequests', 'data-requests'],
  ['sessions', 'sessions'],
  ['appointments', 'appointments'],
  ['payments', 'payments'],
];
const pages: Page[] = [
  { name: '/en/login', path: '/en/login', signedIn: false },
  { name: '/ar/login', path: '/ar/login', signedIn: false },
  { name: 'home (/en/dashboard/home)', path: '/en/dashboard/home', signedIn: true },
  ...listScreens.map(([name, route]) => ({ name: `${name} (/en/dashboard/${route})`, path: `/en/dashboard/${route}`, signedIn: true })),
];

/** The id of the first demo doctor, for the routes that hold one. */
async function firstDoctor(origin: string, token: string): Promise<number> {
  const response = await fetch(`${origin}/api/admin/providers/doctors`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`the doctors list failed: ${response.status}`);
  const { data } = (await response.json()) as { data: { data: Array<{ id: number }> } };
  const doctor = data.data[0];
  if (!doctor) throw new Error('the demo data have no doctor');
  return doctor.id;
}
type FormFactor = 'desktop' | 'mobile';
type Sample = { score: number; lcp: number; tbt: number; cls: number; js: number; css: number };

const log = (message: string) => process.stderr.write(`${message}\n`);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(webDist: string, dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dataDir, 'data'),
      STORAGE_DIR: join(dataDir, 'storage'),
      WEB_DIST_DIR: webDist,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server stopped:\n${output}`);
    const ready = await fetch(`${origin}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return { origin, stop: () => child.kill('SIGTERM') };
    await new Promise((wait) => setTimeout(wait, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`the server did not start within 180 s:\n${output}`);
}

async function signIn(origin: string) {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { token: string; role: string } };
  return data;
}

/**
 * One Lighthouse run in a fresh Chromium: the HTTP cache is empty, and the session (if any) is in
 * localStorage before the page's first script, as after a sign-in. Lighthouse's own storage reset is
 * off because it would also wipe that session.
 */
async function measure(origin: string, page: Page, formFactor: FormFactor, session: { token: string; role: string }): Promise<Sample> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const tab = await browser.newPage();
    await tab.goto(`${origin}/favicon.svg`);
    await tab.evaluate(
      (value) => {
        localStorage.clear();
        if (value) {
          localStorage.setItem('token', value.token);
          localStorage.setItem('role', value.role);
        }
      },
      page.signedIn ? session : null,
    );
    const cdp = await tab.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    const result = await lighthouse(
      `${origin}${page.path}`,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      formFactor === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    await browser.disconnect();
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${page.path}`);
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
    const finalUrl = lhr.finalDisplayedUrl;
    if (!finalUrl.endsWith(page.path)) throw new Error(`${page.path} ended on ${finalUrl}`);
    const summary =
      (lhr.audits['resource-summary']?.details as { items?: Array<{ resourceType: string; transferSize: number }> } | undefined)?.items ??
      [];
    const bytes = (type: string) => summary.find((item) => item.resourceType === type)?.transferSize ?? 0;
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (process.env.BENCH_DEBUG) {
      // The whole report, for the breakdowns the table leaves out (long tasks, bootup, requests, LCP element).
      const file = join(tmpdir(), `lhr-${formFactor}${page.path.replaceAll('/', '-')}.json`);
      writeFileSync(file, JSON.stringify(lhr));
      log(
        `  FCP ${Math.round(numeric('first-contentful-paint'))} ms, LCP ${Math.round(numeric('largest-contentful-paint'))} ms; report in ${file}`,
      );
    }
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: numeric('largest-contentful-paint'),
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      js: bytes('script'),
      css: bytes('stylesheet'),
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is redone, twice at most. */
async function measureWithRetries(...args: Parameters<typeof measure>): Promise<Sample> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(...args);
    } catch (error) {
      if (attempt === 3) throw error;
      log(`  retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main() {
  if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}: apt-get install -y chromium, or set CHROME_PATH`);
  const work = mkdtempSync(join(tmpdir(), 'sehha-bench-web-'));
  const webDist = join(work, 'web');
  try {
    log('building the dashboard…');
    execFileSync(
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', webDist, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: join(repoRoot, 'apps/web'),
        stdio: 'inherit',
      },
    );
    log('starting the API with the demo data…');
    const server = await startServer(webDist, work);
    try {
      const session = await signIn(server.origin);
      const doctor = await firstDoctor(server.origin, session.token);
      const rows: string[] = [];
      for (const listed of pages.filter((candidate) => only.some((part) => candidate.name.includes(part)))) {
        const page = {
          ...listed,
          path: listed.path.replace(':doctor', String(doctor)),
          name: listed.name.replace(':doctor', String(doctor)),
        };
        const cells: Record<FormFactor, Sample[]> = { desktop: [], mobile: [] };
        for (const formFactor of formFactors) {
          for (let run = 1; run <= runs; run++) {
            log(`${page.name} ${formFactor} run ${run}/${runs}`);
            cells[formFactor].push(await measureWithRetries(server.origin, page, formFactor, session));
          }
        }
        const pick = (formFactor: FormFactor, key: keyof Sample) => median(cells[formFactor].map((sample) => sample[key]));
        rows.push(
          `| ${page.name} | ${kb(pick(formFactors[0]!, 'js'))} | ${kb(pick(formFactors[0]!, 'css'))} | ` +
            (['desktop', 'mobile'] as const)
              .map((formFactor) =>
                cells[formFactor].length
                  ? `${pick(formFactor, 'score')} | ${seconds(pick(formFactor, 'lcp'))} | ${Math.round(pick(formFactor, 'tbt'))} ms | ${pick(formFactor, 'cls').toFixed(3)}`
                  : '– | – | – | –',
              )
              .join(' | ') +
            ' |',
        );
      }
      const chromium = execFileSync(chromePath, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
      console.log(`Dashboard weight and Lighthouse performance, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
      console.log(
        `Machine: ${cpus().length} cores (${cpus()[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${chromium}; median of ${runs} run(s), cold cache.`,
      );
      console.log('JS/CSS: bytes as sent (Brotli from the API), everything the page loads until Lighthouse stops, lazy chunks included.');
      console.log('');
      console.log(
        '| page | JS | CSS | desktop score | desktop LCP | desktop TBT | desktop CLS | mobile score | mobile LCP | mobile TBT | mobile CLS |',
      );
      console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: | --: | --: |');
      for (const row of rows) console.log(row);
    } finally {
      server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/** Flags for a headless Chromium in CI containers: no sandbox, GPU, QUIC or background traffic. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function playwrightBrowser(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

const candidates = (): Array<string | undefined> => [playwrightBrowser(), process.env.CHROME_PATH, '/usr/bin/chromium'];

const isRootOnDebian = () => process.getuid?.() === 0 && existsSync('/etc/debian_version');

/**
 * The Chromium to drive, in order: a Playwright-managed browser already on disk, CHROME_PATH,
 * /usr/bin/chromium. With none, root on Debian installs the distribution package; a Playwright
 * browser is never downloaded.
 */
export function findChromium(): string {
  const found = candidates().find((path): path is string => Boolean(path && existsSync(path)));
  if (found) return found;
  if (isRootOnDebian()) {
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('No Chromium found: set CHROME_PATH or install chromium (apt-get install -y chromium).');
}

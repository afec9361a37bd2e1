import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StartupError } from '../startup-error';
import { generateAppKeyCommand, loadAppKey } from './app-key';

describe('APP_KEY', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'sehha-app-key-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('on PGlite, is generated once into DATA_DIR (mode 600) and read back on the next start', () => {
    const dir = dataDir();
    const key = loadAppKey(undefined, dir);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(join(dir, 'app-key'), 'utf8')).toBe(key);
    expect(statSync(join(dir, 'app-key')).mode & 0o777).toBe(0o600);
    expect(loadAppKey(undefined, dir)).toBe(key);
  });

  it('is required with a shared database, and never generated for it', () => {
    const dir = dataDir();
    let error: unknown;
    try {
      loadAppKey(undefined, dir, { shared: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(StartupError);
    expect((error as Error).message).toContain('APP_KEY is required with DATABASE_URL');
    expect((error as Error).message).toContain(generateAppKeyCommand);
    expect(existsSync(join(dir, 'app-key'))).toBe(false);
    expect(loadAppKey('k'.repeat(43), dir, { shared: true })).toBe('k'.repeat(43));
  });

  it('the command it suggests makes a key the configuration accepts', async () => {
    const { execFileSync } = await import('node:child_process');
    const script = /node -e "(.*)"$/.exec(generateAppKeyCommand)![1]!;
    const made = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
    expect(made).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

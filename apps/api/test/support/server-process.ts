import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverAdmin = { email: 'admin@sehha.test', password: 'correct-horse-battery-staple' };
export const serverAppKey = 'test-app-key-test-app-key-test-app-key-0';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const serverEntry = fileURLToPath(new URL('../../src/server.ts', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  alive: () => boolean;
  /** SIGKILL if still running; for afterAll. */
  kill: () => Promise<void>;
};

/**
 * The real server (src/server.ts through tsx, as `npm run dev:api` runs it) in a child process,
 * with this environment on top of the test's: no demo seed, a known admin and APP_KEY, port chosen by the system,
 * and DATA_DIR/STORAGE_DIR in a temporary folder (removed when it exits) unless given.
 */
export function spawnServer(env: Record<string, string>): ServerProcess {
  const scratch = mkdtempSync(join(tmpdir(), 'sehha-server-'));
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: apiRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: '0',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: serverAdmin.email,
      ADMIN_PASSWORD: serverAdmin.password,
      // Required with DATABASE_URL; one key for every process of a test, as in production.
      APP_KEY: serverAppKey,
      WEB_DIST_DIR: join(scratch, 'no-dashboard'),
      DATA_DIR: join(scratch, 'data'),
      STORAGE_DIR: join(scratch, 'storage'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      rmSync(scratch, { recursive: true, force: true });
      resolve(code);
    }),
  );
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    alive,
    kill: async () => {
      if (!alive()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** The base URL once the server prints that it is running; fails with its output if it exits first. */
export async function listening(server: ServerProcess, timeoutMs = 45_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Sehha is running on (http:\/\/[^/\s]+)/.exec(server.stdout());
    if (match) return match[1]!.replace('localhost', '127.0.0.1');
    if (!server.alive()) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`The server did not start.\nstdout: ${server.stdout()}\nstderr: ${server.stderr()}`);
}

/** Logs the admin in and returns the bearer token. */
export async function adminToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(serverAdmin),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/**
 * One of the API's command-line tools (`src/cli/<name>.ts` through tsx, as `npm run <name>` runs it) to its
 * end. `env` goes on top of the test's own environment minus `withoutEnv` (the runner's settings that are
 * not the operator's, such as its admin or S3 variables).
 */
export function runCli(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  withoutEnv: (key: string) => boolean = () => false,
): Promise<CliResult> {
  return new Promise((resolve) => {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !withoutEnv(key)));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL(`../../src/cli/${name}.ts`, import.meta.url)), ...args],
      {
        cwd: apiRoot,
        env: { ...inherited, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

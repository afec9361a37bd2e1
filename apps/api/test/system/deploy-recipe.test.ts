import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxUploadBytes } from '../../src/http/multipart';
import { commonMessages } from '../../src/i18n/messages';

const deployDir = fileURLToPath(new URL('../../../../deploy/', import.meta.url));
const deployFile = (name: string) => readFile(join(deployDir, name), 'utf8');

/** nginx on PATH, or where Debian puts it (/usr/sbin is not on every user's PATH). */
function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin'];
  return dirs.map((dir) => join(dir, 'nginx')).find((path) => existsSync(path));
}

const nginx = findNginx();
const noNginx = 'nginx is not installed (Debian: apt-get install nginx; .ci/run installs it): the nginx checks are skipped';
if (!nginx) console.warn(noNginx);

/** deploy/nginx.conf's upstream servers, in order: `api-1:3000`, `api-2:3000`. */
const upstreamServers = (conf: string) => [...conf.matchAll(/^\s*server\s+([\w.-]+:\d+)/gm)].map((match) => match[1]!);

/**
 * deploy/nginx.conf made runnable here: the replicas at local ports, the public port on 127.0.0.1,
 * and pid, logs and temporary files in `dir`. Every rewrite must apply, so that a change of the
 * file that this test no longer follows fails here instead of checking something else.
 */
function localConfig(conf: string, dir: string, ports: { listen: number; replicas: number[] }): string {
  const rewrites: Array<[RegExp, string]> = [
    [/^pid .*;$/m, `pid ${dir}/nginx.pid;`],
    [/^error_log .*;$/m, 'error_log stderr notice;'],
    [/^(\s*)access_log \S+ sehha;$/m, `$1access_log ${dir}/access.log sehha;`],
    [/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${ports.listen};`],
    [
      /^http \{$/m,
      ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].reduce(
        (text, kind) => `${text}\n  ${kind}_temp_path ${dir}/${kind}_temp;`,
        'http {',
      ),
    ],
  ];
  let result = conf;
  for (const [pattern, replacement] of rewrites) {
    expect(result, `deploy/nginx.conf has ${pattern}`).toMatch(pattern);
    result = result.replace(pattern, replacement);
  }
  upstreamServers(conf).forEach((server, index) => {
    result = result.replace(`server ${server}`, `server 127.0.0.1:${ports.replicas[index]}`);
  });
  return result;
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Seen = { replica: number; method: string; url: string; headers: Record<string, string | string[] | undefined>; bytes: number };

/** A stand-in API replica: answers every request with what it received. */
async function echoReplica(replica: number): Promise<{ server: Server; port: number }> {
  const server = createServer((request, response) => {
    let bytes = 0;
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      const seen: Seen = { replica, method: request.method ?? '', url: request.url ?? '', headers: request.headers, bytes };
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(seen));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nginx did not listen on ${port}: ${output()}`);
}

// Files only; run once (in the PGlite project).
describe.skipIf(process.env.TEST_DB === 'postgres')('deploy recipe', () => {
  describe.skipIf(!nginx)(nginx ? 'deploy/nginx.conf' : `deploy/nginx.conf — skipped: ${noNginx}`, () => {
    let dir: string;
    let conf: string;
    let child: ChildProcess | undefined;
    let nginxOutput = '';
    let replicas: Array<{ server: Server; port: number }> = [];
    let base = '';

    beforeAll(async () => {
      conf = await deployFile('nginx.conf');
      dir = await mkdtemp(join(tmpdir(), 'sehha-nginx-'));
      // nginx's workers run as an unprivileged user when the test runs as root: they write the temp folders.
      await chmod(dir, 0o755);
    });

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await Promise.all(replicas.map(({ server }) => new Promise((resolve) => server.close(resolve))));
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('passes nginx -t', async () => {
      const file = join(dir, 'nginx-t.conf');
      await writeFile(file, localConfig(conf, dir, { listen: await freePort(), replicas: [await freePort(), await freePort()] }));
      const result = spawnSync(nginx!, ['-t', '-p', dir, '-e', 'stderr', '-c', file], { encoding: 'utf8' });
      expect(result.stderr).toMatch(/syntax is ok[\s\S]*test is successful/);
      expect(result.status).toBe(0);
    });

    it('balances over both replicas and lets a full multipart request through', async () => {
      // The upstream is the compose file's two replicas.
      expect(upstreamServers(conf)).toEqual(['api-1:3000', 'api-2:3000']);
      // 10 files of the API's largest upload, and room for their fields.
      const limit = /client_max_body_size (\d+)m;/.exec(conf);
      expect(Number(limit?.[1]) * 1024 * 1024).toBeGreaterThanOrEqual(10 * maxUploadBytes + 1024 * 1024);

      replicas = [await echoReplica(1), await echoReplica(2)];
      const listen = await freePort();
      const file = join(dir, 'nginx.conf');
      await writeFile(file, localConfig(conf, dir, { listen, replicas: replicas.map((replica) => replica.port) }));
      child = spawn(nginx!, ['-p', dir, '-e', 'stderr', '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (nginxOutput += chunk.toString()));
      await waitForPort(listen, child, () => nginxOutput);
      base = `http://127.0.0.1:${listen}`;

      const seen: Seen[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${base}/api/health?i=${i}`);
        expect(response.status).toBe(200);
        seen.push((await response.json()) as Seen);
      }
      expect(new Set(seen.map((s) => s.replica))).toEqual(new Set([1, 2]));
      expect(seen[0]!.url).toBe('/api/health?i=0');

      const upload = Buffer.alloc(10 * maxUploadBytes + 512 * 1024, 1);
      const accepted = await fetch(`${base}/api/admin/home-ads/store`, {
        method: 'POST',
        body: upload,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(accepted.status).toBe(200);
      expect(((await accepted.json()) as Seen).bytes).toBe(upload.length);
    }, 30_000);

    it('tells the replica who the client is, over which scheme, under which request id', async () => {
      const plain = (await (await fetch(`${base}/api/health`)).json()) as Seen;
      expect(plain.headers['x-forwarded-for']).toBe('127.0.0.1');
      expect(plain.headers['x-forwarded-proto']).toBe('http');
      expect(plain.headers.host).toBe(new URL(base).host);
      expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);

      // A client's own X-Forwarded-For is kept in front of the address nginx saw (the one TRUST_PROXY=1 believes),
      // and its X-Request-Id is handed on.
      const response = await fetch(`${base}/api/health`, {
        headers: { 'x-forwarded-for': '203.0.113.9', 'x-request-id': 'client-trace-42' },
      });
      const forwarded = (await response.json()) as Seen;
      expect(forwarded.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
      expect(forwarded.headers['x-request-id']).toBe('client-trace-42');
    });

    it('never serves /metrics, however it is spelled', async () => {
      for (const path of ['/metrics', '/metrics/', '//metrics', '/%6Detrics', '/metrics?format=prometheus']) {
        const response = await fetch(`${base}${path}`);
        expect(response.status, path).toBe(403);
        expect(await response.text(), path).not.toContain('replica');
      }
    });

    it("answers a body over the limit with the API's 413", async () => {
      const tooLarge = Buffer.alloc(56 * 1024 * 1024, 1);
      const response = await fetch(`${base}/api/admin/home-ads/store`, {
        method: 'POST',
        body: tooLarge,
        headers: { 'content-type': 'application/octet-stream' },
      });
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({ message: commonMessages.payloadTooLarge.en });
    }, 30_000);
  });

  it('compose.yaml runs PostgreSQL 15, MinIO, two API replicas of one image and nginx', async (context) => {
    const yaml = await import('yaml').catch(() => undefined);
    if (!yaml) return context.skip('the yaml package is not installed: compose.yaml is not checked');
    // Compose reads YAML merge keys (`<<: *api`).
    const compose = yaml.parse(await deployFile('compose.yaml'), { merge: true }) as {
      services: Record<
        string,
        {
          image?: string | undefined;
          build?: { context: string; dockerfile: string };
          environment?: Record<string, string>;
          volumes?: string[] | undefined;
          depends_on?: unknown | undefined;
        }
      >;
    };
    const services = compose.services;
    expect(Object.keys(services).sort()).toEqual(['api-1', 'api-2', 'minio', 'minio-bucket', 'nginx', 'postgres']);
    expect(services.postgres!.image).toMatch(/^postgres:15\b/);
    expect(services.postgres!.environment!.POSTGRES_INITDB_ARGS).toMatch(/--encoding=UTF8 .*--lc-ctype=C\.UTF-8/);
    expect(services.minio!.image).toMatch(/^minio\/minio\b/);
    expect(services['minio-bucket']!.image).toMatch(/^minio\/mc\b/);
    expect(services.nginx!.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');

    const required = [
      'DATABASE_URL',
      'APP_KEY',
      'APP_URL',
      'TRUST_PROXY',
      'STORAGE_DRIVER',
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
      'METRICS_TOKEN',
      'SEED_DEMO',
    ];
    for (const name of ['api-1', 'api-2']) {
      const api = services[name]!;
      expect(api.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
      expect(api.image).toBe(services['api-1']!.image);
      expect(Object.keys(api.environment ?? {})).toEqual(expect.arrayContaining(required));
      expect(api.environment).toMatchObject({
        TRUST_PROXY: '1',
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        SEED_DEMO: 'false',
      });
      expect(api.environment!.DATABASE_URL).toMatch(/^postgres:\/\/\w+:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\//);
      expect(api.environment!.APP_KEY).toMatch(/^\$\{APP_KEY:\?/);
    }
  });

  it('the image runs the Node major that the tests run on (24 LTS), the one that engines and the bundle target name', async () => {
    // The test run's Node is the root devDependency `node` (npm scripts find it first on PATH); the image's is its base.
    const root = JSON.parse(await readFile(fileURLToPath(new URL('../../../../package.json', import.meta.url)), 'utf8')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    const pinned = root.devDependencies.node!;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const major = pinned.split('.')[0];
    expect(major).toBe('24');
    const dockerfile = await deployFile('Dockerfile');
    expect([...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1])).toEqual([
      `node:${major}-bookworm-slim`,
      `node:${major}-bookworm-slim`,
    ]);
    expect(root.engines.node).toMatch(new RegExp(`^\\^${major}\\.`));
    const tsup = await readFile(fileURLToPath(new URL('../../tsup.config.ts', import.meta.url)), 'utf8');
    expect(tsup).toContain(`target: 'node${major}'`);
    // These tests run on it too (.ci/run and `npm test`): a run on another Node fails here.
    expect(process.versions.node).toBe(pinned);
  });

  it('the Dockerfile builds the bundles and runs the built server as a non-root user', async () => {
    const dockerfile = await deployFile('Dockerfile');
    expect(dockerfile).toMatch(/^RUN npm ci$/m);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev --workspace apps\/api\b/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/api\/health/m);
    expect(dockerfile).toMatch(/^CMD \["node", "apps\/api\/dist\/server\.js"\]$/m);
    // What the runtime stage copies is what the build makes: tsup's entries and the migrations.
    const tsup = await readFile(fileURLToPath(new URL('../../tsup.config.ts', import.meta.url)), 'utf8');
    for (const entry of ['server', 'admin', 'backup', 'restore']) expect(tsup).toMatch(new RegExp(`\\b${entry}: 'src/`));
    for (const copied of ['apps/api/dist', 'apps/api/drizzle', 'apps/web/dist'])
      expect(dockerfile).toContain(`COPY --from=build /app/${copied} ${copied}`);
  });
});

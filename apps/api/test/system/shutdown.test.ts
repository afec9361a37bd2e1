import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closingMessages } from '../../src/operations/closing';
import { adminToken, listening, spawnServer, type ServerProcess } from '../support/server-process';

/** PostgreSQL's DBState in global/pg_control (after system identifier, control and catalog versions): 1 is "shut down". */
const shutDownCleanly = 1;
const databaseState = (dataDir: string) => readFileSync(join(dataDir, 'pgdata', 'global', 'pg_control')).readInt32LE(16);

// About PGlite's DATA_DIR: runs in the api:pglite project only.
describe.runIf(process.env.TEST_DB !== 'postgres')('graceful shutdown on SIGTERM (PGlite, real server process)', () => {
  let dataDir: string;
  let storageDir: string;
  const servers: ServerProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const server = spawnServer({ DATA_DIR: dataDir, STORAGE_DIR: storageDir, LOG_LEVEL: 'info', ...env });
    servers.push(server);
    return { server, baseUrl: await listening(server) };
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sehha-shutdown-data-'));
    storageDir = mkdtempSync(join(tmpdir(), 'sehha-shutdown-storage-'));
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(storageDir, { recursive: true, force: true });
  });

  // Two start-ups of the real server on PGlite (the first runs initdb): about 25 s, more on a busy machine.
  it('finishes the writes in flight, exits 0, and starts again on the same DATA_DIR with every acknowledged write', async () => {
    const shutdownTimeoutMs = 2000;
    const { server, baseUrl } = await start({ SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) });
    const token = await adminToken(baseUrl);
    // A request that never completes (its body never arrives) must not hold the shutdown beyond SHUTDOWN_TIMEOUT_MS.
    const stuck = connect(Number(new URL(baseUrl).port), '127.0.0.1');
    stuck.on('error', () => undefined);
    await once(stuck, 'connect');
    stuck.write(
      `POST /api/admin/hospitalies/types/store HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{',
    );
    const acknowledged: Array<{ id: number; name_en: string }> = [];
    const refused: Array<{ status: number; body: string }> = [];
    let unreachable = 0;

    // Writers that keep posting until the server stops answering.
    const writer = async (writerId: number) => {
      for (let i = 0; ; i++) {
        const name_en = `Burst type ${writerId}-${i}`;
        try {
          const response = await fetch(`${baseUrl}/api/admin/hospitalies/types/store`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name_ar: `نوع دفعة ${writerId}-${i}`, name_en, medical_under_instituted: i % 2 === 0 }),
          });
          const body = await response.text();
          if (response.status !== 201) {
            refused.push({ status: response.status, body });
            return;
          }
          acknowledged.push({ id: (JSON.parse(body) as { data: { id: number } }).data.id, name_en });
        } catch {
          unreachable++;
          return;
        }
      }
    };
    const writers = Array.from({ length: 6 }, (_, writerId) => writer(writerId));
    while (acknowledged.length < 12 && server.alive()) await new Promise((resolve) => setTimeout(resolve, 10));
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(writers);
    const exitCode = await server.exited;

    expect(exitCode, server.stderr()).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(shutdownTimeoutMs - 100);
    expect(Date.now() - signalled).toBeLessThan(shutdownTimeoutMs + 5000);
    expect(server.stdout()).toContain('requests still running after the shutdown timeout');
    stuck.destroy();
    expect(server.stdout()).toContain('shut down');
    expect(acknowledged.length).toBeGreaterThanOrEqual(12);
    // Requests that came while it was closing were refused with 503 (or found the port closed), never 500.
    for (const answer of refused) {
      expect(answer.status, answer.body).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ message: closingMessages.shuttingDown.en });
    }
    expect(refused.length + unreachable).toBe(6);
    expect(databaseState(dataDir)).toBe(shutDownCleanly);

    const again = await start();
    const tokenAgain = await adminToken(again.baseUrl);
    const stored = new Map<number, string>();
    for (let page = 1; ; page++) {
      const response = await fetch(`${again.baseUrl}/api/admin/hospitalies/types?per_page=100&page=${page}`, {
        headers: { authorization: `Bearer ${tokenAgain}` },
      });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { data: Array<{ id: number; name_en: string }>; last_page: number } };
      for (const row of data.data) stored.set(row.id, row.name_en);
      if (page >= data.last_page) break;
    }
    for (const write of acknowledged) expect(stored.get(write.id), write.name_en).toBe(write.name_en);
    expect(again.server.stdout() + again.server.stderr()).not.toMatch(/recovery|not properly shut down/i);

    // A request whose body is still arriving when SIGTERM comes is finished; one that arrives after it, on the same
    // connection, gets 503.
    const socket = connect(Number(new URL(again.baseUrl).port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
    const body = Buffer.from(JSON.stringify({ name_ar: 'نوع بطيء', name_en: 'Slow type', medical_under_instituted: false }));
    socket.write(
      `POST /api/admin/hospitalies/types/store HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${tokenAgain}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 200));
    again.server.child.kill('SIGTERM');
    while (!again.server.stdout().includes('shutting down')) await new Promise((resolve) => setTimeout(resolve, 10));
    socket.end(Buffer.concat([body.subarray(10), Buffer.from('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n')]));
    await once(socket, 'close');
    const [finished, refusedWhileClosing] = received.split(/(?=HTTP\/1\.1 )/);
    expect(finished).toMatch(/^HTTP\/1\.1 201 .*"name_en":"Slow type"/s);
    expect(refusedWhileClosing).toMatch(/^HTTP\/1\.1 503 /);
    // Our Laravel shape, not Fastify's {error, message, statusCode}.
    expect(refusedWhileClosing).toMatch(/\r\ncontent-type: application\/json; charset=utf-8\r\n/i);
    expect(JSON.parse(refusedWhileClosing!.slice(refusedWhileClosing!.indexOf('\r\n\r\n') + 4))).toEqual({
      message: closingMessages.shuttingDown.en,
    });

    expect(await again.server.exited).toBe(0);
    expect(databaseState(dataDir)).toBe(shutDownCleanly);
  }, 90_000);
});

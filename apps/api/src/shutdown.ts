import type { FastifyInstance } from 'fastify';

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * On SIGTERM or SIGINT: stop accepting connections, let in-flight requests finish (at most timeoutMs;
 * requests arriving meanwhile get 503 {message}, see operations/closing.ts), close the database, exit 0.
 * The database is closed last and awaited, so that PGlite shuts down cleanly and needs no recovery on
 * the next start.
 */
export function shutDownOnSignals(app: FastifyInstance, closeDatabase: () => Promise<void>, timeoutMs: number) {
  let shuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    // npm and terminals often deliver the same signal twice: one shutdown is enough.
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal, timeoutMs }, 'shutting down: finishing in-flight requests');
    const closed = app.close().then(
      () => true,
      (error: unknown) => (app.log.error({ err: error }, 'error while closing the server'), true),
    );
    // A kept-alive connection stays open after its request ends until the client sends another one; close it once idle.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    if (!(await Promise.race([closed, delay(timeoutMs).then(() => false)]))) {
      app.log.warn({ timeoutMs }, 'requests still running after the shutdown timeout; closing their connections');
      app.server.closeAllConnections();
      await Promise.race([closed, delay(1000)]);
    }
    clearInterval(closeIdle);
    // PGlite waits for a running query or transaction before it closes; a node-postgres pool for its checked-out clients.
    const databaseClosed = await Promise.race([
      closeDatabase().then(
        () => true,
        (error: unknown) => (app.log.error({ err: error }, 'error while closing the database'), false),
      ),
      delay(timeoutMs).then(() => false),
    ]);
    app.log.info(databaseClosed ? 'shut down' : 'the database did not close cleanly');
    process.exit(databaseClosed ? 0 : 1);
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

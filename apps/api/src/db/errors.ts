/** The PostgreSQL error behind a driver or Drizzle error (PGlite and node-postgres alike). */
export function postgresError(error: unknown): { code?: string | undefined; constraint?: string | undefined } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown | undefined; constraint?: unknown | undefined; cause?: unknown | undefined };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresError(error)?.code === '23505';
/** 23503, or 23001 for an `on delete restrict` key (a state's providers since migration 0015: a delete no usage check covers). */
export const isForeignKeyViolation = (error: unknown) => ['23503', '23001'].includes(postgresError(error)?.code ?? '');

/** The wrapped errors of one failure: Drizzle's DrizzleQueryError, then the driver's error, then its cause. */
function errorChain(error: unknown): object[] {
  const chain: object[] = [];
  for (
    let current = error;
    chain.length < 4 && current && typeof current === 'object';
    current = (current as { cause?: unknown | undefined }).cause
  ) {
    chain.push(current);
  }
  return chain;
}

const stringField = (item: object, field: 'code' | 'message' | 'constraint' | 'table') => {
  const value = (item as Record<string, unknown>)[field];
  return typeof value === 'string' ? value : undefined;
};

/** SQLSTATE 08… (connection exception), the server shutting down or starting, too many connections, and node's socket errors. */
const connectionCodes = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres and PGlite report a lost or closed connection by message only. */
const connectionMessages = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable/,
  /^Cannot use a pool after calling end/,
  /^PGlite is clos(ed|ing)/,
];

/**
 * Why the database cannot answer right now, if that is the failure: 'unreachable' (connection lost,
 * refused or not obtained in time) or 'timeout' (statement_timeout, 57014). Both are answered 503.
 */
export function databaseUnavailable(error: unknown): 'unreachable' | 'timeout' | undefined {
  for (const item of errorChain(error)) {
    const code = stringField(item, 'code');
    if (code === '57014') return 'timeout';
    if (code && (/^08[0-9A-Z]{3}$/.test(code) || connectionCodes.has(code))) return 'unreachable';
    const message = stringField(item, 'message');
    if (message && connectionMessages.some((pattern) => pattern.test(message))) return 'unreachable';
  }
  return undefined;
}

export type DatabaseErrorSummary = {
  errorClass: string;
  code?: string | undefined;
  constraint?: string | undefined;
  table?: string | undefined;
};

/**
 * What may be logged about a database failure: the error classes, the SQLSTATE (or socket) code and the
 * constraint/table. Never the message, detail or Drizzle's "params: …": they hold names, search terms
 * and body values. Undefined when the error does not come from the database.
 */
export function describeDatabaseError(error: unknown): DatabaseErrorSummary | undefined {
  const chain = errorChain(error);
  const fromDatabase = chain.some((item) => ('query' in item && 'params' in item) || /^[0-9A-Z]{5}$/.test(stringField(item, 'code') ?? ''));
  if (!fromDatabase && !databaseUnavailable(error)) return undefined;
  const summary: DatabaseErrorSummary = { errorClass: chain.map((item) => item.constructor?.name ?? 'Object').join(' < ') };
  for (const item of chain) {
    summary.code ??= stringField(item, 'code');
    summary.constraint ??= stringField(item, 'constraint');
    summary.table ??= stringField(item, 'table');
  }
  return summary;
}

/**
 * One line saying why PostgreSQL at DATABASE_URL could not be reached at start-up: refused, unknown
 * host, missing database, failed authentication… The URL's password never appears.
 */
export function connectionFailureMessage(error: unknown, databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const host = url.hostname || 'localhost';
  const where = `${host}:${url.port || '5432'}`;
  const user = decodeURIComponent(url.username) || process.env.PGUSER || 'the current user';
  const database = decodeURIComponent(url.pathname.replace(/^\//, '')) || user;
  const chain = errorChain(error);
  const code = chain.map((item) => stringField(item, 'code')).find(Boolean);
  const serverSays =
    (stringField(chain.find((item) => stringField(item, 'code')) ?? chain[0] ?? {}, 'message') ?? String(error)).split('\n')[0] ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return `Cannot connect to PostgreSQL at ${where}: connection refused (is the server running, and are the host and port of DATABASE_URL right?)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `Cannot connect to PostgreSQL: unknown host "${host}" in DATABASE_URL`;
    case '3D000':
      return `PostgreSQL at ${where} has no database "${database}"; create it with: CREATE DATABASE ${database} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C.UTF-8' LC_CTYPE 'C.UTF-8'`;
    case '28P01':
    case '28000':
      return `PostgreSQL at ${where} refused user "${user}": authentication failed (${serverSays}); check the user and password of DATABASE_URL`;
  }
  if (code === 'ETIMEDOUT' || /timeout/i.test(serverSays))
    return `Cannot connect to PostgreSQL at ${where}: no answer in time (is the host reachable from here?)`;
  return `Cannot connect to PostgreSQL at ${where}: ${serverSays}${code ? ` (${code})` : ''}`;
}

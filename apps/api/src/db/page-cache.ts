import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows, type Database } from './database';
import { tableVersions } from './schema/counters';

/**
 * A list's page statement as fetchPage runs it: a Drizzle select, which can show its SQL without running, and
 * run as a named statement (`prepare`).
 */
export type PageStatement<R> = PromiseLike<R[]> & {
  toSQL(): { sql: string; params: unknown[] };
  prepare?(name: string): { execute(): Promise<R[]> };
};

type Entry = { versions: string; rows: readonly unknown[]; usedAt: number };

/**
 * A statement as the cache knows it: its text and parameters as one key, the tables it reads (undefined: never
 * kept) and the name it runs under when prepared.
 */
type Known = { key: string; tables: string[] | undefined; name: string };

/**
 * The name of the named statement of this text: the same text always gets the same name (on every connection and
 * in every process) and two texts never one (node-postgres refuses a name already parsed with another text).
 */
export const preparedName = (text: string) => `sehha_page_${createHash('sha1').update(text).digest('hex')}`;

const statementKey = (query: { sql: string; params: unknown[] }) => `${query.sql}\u0000${JSON.stringify(query.params)}`;

/** Requests' version reads sent as one: the union of their tables, read once. */
type Batch = { tables: Set<string>; read: Promise<Map<string, string>> };

/** The database's tables with a version, and a pattern matching any table's name as a word. */
type Tables = { versioned: Set<string>; names: RegExp };

export type PageCacheOptions = {
  /** Pages kept at most (the least recently used go first); 0 keeps none. */
  entries: number;
  /** A page not asked for in this long is dropped (ms). */
  idleMs?: number | undefined;
  /** Build every statement and check it against the one remembered for its shape (tests): see rows. */
  verify?: boolean | undefined;
};

export type RowsOptions = {
  /**
   * Run the statement as a named statement (PostgreSQL; PGlite runs it as it is), parsed once per connection, whose
   * plan PostgreSQL may keep: for statements whose best plan does not depend on their parameters (a profile by
   * id; a search whose branch is picked at run time). A search whose plan depends on its term must not be: a plan
   * kept for a rare term, run for a common one, sorts every match (docs/performance/api.md). Needs a shape.
   */
  prepared?: boolean | undefined;
};

/**
 * Statements whose answer depends on the clock, on chance or on the server's own catalogs and statistics
 * (`pg_…`): never kept, whatever the tables' versions say. (The lists pass their day or minute as a
 * parameter instead, so that a new day is a new statement: licenses, the home cards.)
 */
const clockOrChance =
  /\bpg_[a-z_]+|\b(now|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|txid_current)\s*\(|\bcurrent_(date|time|timestamp)\b|\blocaltime(stamp)?\b/i;

/**
 * Pages of lists read once and answered again, in this process, while every table their statement reads has
 * the version it had before they were read. Each answer still reads those versions (kept by triggers in the
 * writers' transactions, migration 0013) after the request arrived, so a change committed by any process is
 * seen by the next request to any process: the cache changes how fast a list answers, never what it answers.
 *
 * Why this is correct: a table's version only grows, and grows with each committed write statement. The
 * versions are read first, then (on a miss) the page, so the page kept is at least as new as the versions it
 * is kept under; a later request that reads the same versions sees a database in which none of those tables
 * has changed since, and gets that page. What else an answer could depend on is refused: statements that
 * read the clock or chance, statements that read a table without a version (sign-in's), and reads inside a
 * transaction (whose own uncommitted writes would be kept under a version that may never commit), which go
 * to the database as they are because a transaction is a Database of its own, not the one the cache is for.
 *
 * What it costs: pages are kept in memory, at most `entries` of them, each dropped by the next request once
 * `idleMs` unused; they hold what the lists show (names, emails, phones), in the process that already read them. A write to a
 * table voids every page that reads it, so it serves the lists of rarely written tables best (providers,
 * licenses, catalogues) and a list of appointments only between bookings.
 */
export class PageCache {
  readonly #db: Database;
  readonly #entries: number;
  readonly #idleMs: number;
  readonly #pages = new Map<string, Entry>();
  /** Pages being read, by key, and the versions each read is for: a request on the same versions joins it. */
  readonly #reading = new Map<string, { versions: string; rows: Promise<readonly unknown[]> }>();
  #tables: Promise<Tables> | undefined;
  /** The tables each statement text reads (undefined: never kept), worked out once per text. */
  readonly #dependenciesOf = new Map<string, { tables: string[] | undefined }>();
  /** What each shape's statement is: its key among the pages and the tables it reads (see rows). */
  readonly #statements = new Map<string, Known>();
  readonly #verify: boolean;
  #readVersions: ReturnType<typeof readVersions> | undefined;
  /** The batch of version reads not sent yet, and the read in flight (see #readBatched). */
  #waiting: Batch | undefined;
  #inFlight: Promise<void> | undefined;
  /** Pages answered from memory, and pages read (kept or not), since the process started. */
  hits = 0;
  misses = 0;
  /** Reads of versions sent to the database (each serving one batch of requests). */
  versionReads = 0;

  constructor(db: Database, options: PageCacheOptions) {
    this.#db = db;
    this.#entries = options.entries;
    this.#idleMs = options.idleMs ?? 5 * 60_000;
    this.#verify = options.verify ?? false;
  }

  /**
   * The rows of the statement `build` returns: kept ones if the tables it reads are unchanged, else read
   * (and kept). `shape`, when given, names everything the statement is built from (its list, filters, page,
   * day): the statement's text, parameters and tables are then remembered under it, and a request answered
   * from memory never builds its statement at all. Rendering a list's statement cost Drizzle more than the
   * rest of a kept page's request (docs/performance/api.md). A shape that leaves out an input would
   * answer one list's page for another: with `verify` (the test suites) each request also builds its
   * statement and fails if its shape was remembered with another.
   */
  async rows<R>(build: () => PageStatement<R>, shape?: string, options: RowsOptions = {}): Promise<R[]> {
    const prepared = options.prepared === true && shape !== undefined;
    if (this.#entries <= 0 && !prepared) return build();
    let statement: PageStatement<R> | undefined;
    let known = shape === undefined ? undefined : this.#statements.get(shape);
    if (known && this.#verify) {
      statement = build();
      const query = statement.toSQL();
      if (statementKey(query) !== known.key)
        throw new Error(`Page cache: the shape ${shape} was remembered with another statement (an input is missing from it)`);
    }
    if (!known) {
      statement = build();
      const query = statement.toSQL();
      // Without pages to keep (entries 0), the shape is remembered for its statement's name alone.
      known = {
        key: statementKey(query),
        tables: this.#entries > 0 ? await this.#dependencies(query.sql) : undefined,
        name: preparedName(query.sql),
      };
      if (shape !== undefined) {
        // A list's shapes are few, but its searches and pages are many: the oldest go first.
        if (this.#statements.size >= 4 * Math.max(this.#entries, 64)) this.#statements.delete(this.#statements.keys().next().value!);
        this.#statements.set(shape, known);
      }
    }
    const name = prepared ? known.name : undefined;
    const run = () => runAs(statement ?? build(), name);
    if (this.#entries <= 0) return run();
    if (!known.tables) {
      this.misses++;
      return run();
    }
    const versions = await this.#versions(known.tables);
    const now = Date.now();
    this.#evict(now);
    const kept = this.#pages.get(known.key);
    if (kept && kept.versions === versions && now - kept.usedAt <= this.#idleMs) {
      // Most recently used last: Map keeps insertion order.
      this.#pages.delete(known.key);
      kept.usedAt = now;
      this.#pages.set(known.key, kept);
      this.hits++;
      return kept.rows as R[];
    }
    // A read of the same page under the same versions, already on its way, is this request's answer too: it began
    // after those versions were read, and this request read them after it arrived (the argument above). Beside a
    // write every few milliseconds (bookings), each write otherwise sent every waiting request to the database.
    const reading = this.#reading.get(known.key);
    if (reading && reading.versions === versions) {
      this.hits++;
      return (await reading.rows) as R[];
    }
    this.misses++;
    const read = Promise.resolve(run()).then((rows) => deepFreeze(rows) as readonly unknown[]);
    const flight = { versions, rows: read };
    this.#reading.set(known.key, flight);
    try {
      const rows = await read;
      this.#pages.delete(known.key);
      this.#pages.set(known.key, { versions, rows, usedAt: now });
      this.#evict(now);
      return rows as R[];
    } finally {
      if (this.#reading.get(known.key) === flight) this.#reading.delete(known.key);
    }
  }

  /** Pages kept now (for tests and metrics). */
  get size(): number {
    return this.#pages.size;
  }

  clear(): void {
    this.#pages.clear();
    this.#statements.clear();
  }

  #evict(now: number) {
    for (const [key, entry] of this.#pages) {
      if (this.#pages.size <= this.#entries && now - entry.usedAt <= this.#idleMs) break;
      this.#pages.delete(key);
    }
  }

  /** The versioned tables the statement names, sorted; undefined when it must not be kept. */
  async #dependencies(text: string): Promise<string[] | undefined> {
    const known = this.#dependenciesOf.get(text);
    if (known) return known.tables;
    const tables = await this.#dependenciesNow(text);
    // The lists have a few dozen statement texts (their values are parameters): each is read once.
    if (this.#dependenciesOf.size >= 4 * Math.max(this.#entries, 64)) this.#dependenciesOf.clear();
    this.#dependenciesOf.set(text, { tables });
    return tables;
  }

  async #dependenciesNow(text: string): Promise<string[] | undefined> {
    if (clockOrChance.test(text)) return undefined;
    const { versioned, names } = await this.#knownTables();
    // Every table name the text holds as a word, quoted or not (`users u`, `"users"."id"`, `public.users`):
    // a column, alias or string that happens to share a table's name only adds a version to check.
    const named = new Set<string>();
    for (const match of text.matchAll(names)) named.add(match[1]!);
    const tables = [...named].sort();
    return tables.length && tables.every((table) => versioned.has(table)) ? tables : undefined;
  }

  /** The tables' versions as one string, in the order given. */
  async #versions(tables: string[]): Promise<string> {
    const byTable = await this.#readBatched(tables);
    return tables.map((table) => byTable.get(table) ?? '0').join(',');
  }

  /**
   * One read of versions serves every request that arrived before it was sent: a request joins the batch
   * not sent yet (or starts one), and a batch is sent once the read before it has come back. Each request
   * thus gets versions read after it arrived, as if it had read them itself, and under load the version
   * reads cost one round trip per batch instead of one per request.
   */
  #readBatched(tables: string[]): Promise<Map<string, string>> {
    let batch = this.#waiting;
    if (!batch) {
      const started: Batch = { tables: new Set(), read: Promise.resolve(new Map()) };
      started.read = (this.#inFlight ?? Promise.resolve()).then(() => {
        // Sent now: a request arriving from here on waits for the next batch.
        if (this.#waiting === started) this.#waiting = undefined;
        return this.#readNow([...started.tables]);
      });
      this.#inFlight = started.read.then(
        () => undefined,
        () => undefined,
      );
      this.#waiting = started;
      batch = started;
    }
    for (const table of tables) batch.tables.add(table);
    return batch.read;
  }

  async #readNow(tables: string[]): Promise<Map<string, string>> {
    this.#readVersions ??= readVersions(this.#db);
    this.versionReads++;
    const rows = await this.#readVersions.execute({ tables });
    return new Map(rows.map((row) => [row.table_name, row.version]));
  }

  /** The database's own tables, and which of them have a version trigger (read once, on first use). */
  #knownTables(): Promise<Tables> {
    this.#tables ??= this.#db
      .execute(
        sql`select c.relname as name,
              exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_version') as versioned
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = current_schema() and c.relkind in ('r', 'v', 'm', 'p')`,
      )
      .then((result) => {
        const rows = (result as unknown as { rows: Array<{ name: string; versioned: boolean }> }).rows;
        return {
          versioned: new Set(rows.filter((row) => row.versioned).map((row) => row.name)),
          names: new RegExp(
            `(?<![\\w$])"?(${rows.map((row) => row.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})"?(?![\\w$])`,
            'g',
          ),
        };
      })
      .catch((error: unknown) => {
        // Read again next time (the database may have been away).
        this.#tables = undefined;
        throw error;
      });
    return this.#tables;
  }
}

/** Some tables' versions; a named statement, parsed and planned once per connection. */
const readVersions = (db: Database) =>
  db
    .select({ table_name: tableVersions.table_name, version: sql<string>`sum(${tableVersions.version})::text` })
    .from(tableVersions)
    .where(sql`${tableVersions.table_name} = any(${sql.placeholder('tables')}::text[])`)
    .groupBy(tableVersions.table_name)
    .prepare('sehha_table_versions');

/** The statement's rows, read through the named statement `name` when given and the driver has them. */
function runAs<R>(statement: PageStatement<R>, name: string | undefined): PromiseLike<R[]> {
  return name !== undefined && statement.prepare ? statement.prepare(name).execute() : statement;
}

/** Kept rows are shared by every request that gets them: frozen, so that presenting one cannot change another. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const caches = new WeakMap<Database, PageCache>();

/** Pages of lists read through `db` are kept (see PageCache); a transaction is another Database and reads through. */
export function attachPageCache(db: Database, options: PageCacheOptions): PageCache {
  const cache = new PageCache(db, options);
  caches.set(db, cache);
  return cache;
}

/** The page cache of `db`, if it has one. */
export const pageCacheOf = (db: Database): PageCache | undefined => caches.get(db);

const dialect = new PgDialect();

/** What a statement is built from (see paging.ts Shape): a name, then every input. */
type StatementShape = readonly [string, ...unknown[]];

/**
 * The rows of the select `build` returns, kept like a list's page by the page cache of `db` when it has one
 * (a transaction has none: its select runs). `shape` names everything the select is built from.
 */
export function cachedRows<R>(db: Database, shape: StatementShape, build: () => PageStatement<R>, options?: RowsOptions): Promise<R[]> {
  const cache = pageCacheOf(db);
  return cache ? cache.rows(build, JSON.stringify(shape), options) : Promise.resolve(build());
}

/**
 * The same for a statement written as SQL (not a select builder): reads that are lists in all but name (the
 * global search's hits, the home cards).
 */
export function cachedQueryRows<T>(db: Database, shape: StatementShape, build: () => SQL, options?: RowsOptions): Promise<T[]> {
  return cachedRows<T>(
    db,
    shape,
    () => {
      const query = build();
      return {
        toSQL: () => dialect.sqlToQuery(query),
        then: (resolve, reject) => queryRows<T>(db, query).then(resolve, reject),
        prepare: (name) => ({ execute: () => preparedQueryRows<T>(db, query, name) }),
      };
    },
    options,
  );
}

/** A SQL statement run as a named prepared statement on PostgreSQL's pool; elsewhere (PGlite) as it is. */
async function preparedQueryRows<T>(db: Database, query: SQL, name: string): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name, text, values: params })).rows as T[];
}

/**
 * A statement that must be read (or written) fresh, never kept, run as a named prepared statement named by its
 * text (preparedName): parsed once per connection, and its plan kept by PostgreSQL when it does not depend on the
 * parameters. For statements run at a high rate whose planning costs more than their run (a booking's read and
 * write). Inside a transaction, and on PGlite, it runs as it is.
 */
export async function preparedRows<T>(db: Database, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name: preparedName(text), text, values: params })).rows as T[];
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { queryRows, type Database } from './database';

/**
 * A list's page statement as fetchPage runs it: a Drizzle select, which can show its SQL without running, and
 * run as a named statement (`prepare`).
 */
export type PageStatement<R> = PromiseLike<R[]> & {
  toSQL(): { sql: string; params: unknown[] };
  prepare?(name: string): { execute(): Promise<R[]> };
};

/**
 * A kept page: the versions of the tables its statement reads (in the statement's order) when it was read, the
 * database's snapshot of that version read (for a narrowing, see Narrowing), its rows, and when it was last asked for.
 */
type Entry = { versions: string; snapshot: string | undefined; rows: readonly unknown[]; usedAt: number };

/**
 * The tables' versions of one read, in the order asked, as one string, the snapshot they were read in, and the answer
 * of the request's narrowing check in the same snapshot (undefined: none asked).
 */
type Versions = { versions: string[]; key: string; snapshot: string | undefined; touched: boolean | undefined };

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

/** A kept page one answer was built from, as the cache keeps it: its key, the tables it reads and its rows. */
export type KeptRead = {
  key: string;
  tables: readonly string[];
  rows: readonly unknown[];
  /** How the page may outlive writes that do not touch it (see Narrowing). */
  narrowing?: Narrowing | undefined;
};

/**
 * What the database gave one answer (http/kept-answer.ts): the kept pages it read, and whether it read anything else
 * (a statement the cache does not keep, a count, a write, a transaction): such an answer is never kept.
 */
export type AnswerReads = {
  pages: KeptRead[];
  other: boolean;
  /** The versions this request has read already (checking its kept answer): its pages are checked against them. */
  versions?: { tables: ReadonlySet<string>; read: Promise<VersionRead> } | undefined;
};

const answerReads = new AsyncLocalStorage<AnswerReads>();

/** Runs `answer`, noting in `reads` what it reads from the database (see AnswerReads). */
export const noteReads = <T>(reads: AnswerReads, answer: () => T): T => answerReads.run(reads, answer);

/** A read that is not a kept page: the database's query logger calls it for every statement (db/connection.ts). */
export function noteOtherRead(): void {
  const reads = answerReads.getStore();
  if (reads) reads.other = true;
}

/** The cache's own statements (versions, its pages, the catalog) are not the answer's other reads. */
const unnoted = <T>(read: () => T): T => answerReads.exit(read);

const statementKey = (query: { sql: string; params: unknown[] }) => `${query.sql}\u0000${JSON.stringify(query.params)}`;

/** The versions of some tables, by name, the snapshot of their read, and the answers of its narrowing checks. */
type VersionRead = { byTable: Map<string, string>; snapshot: string | undefined; touched: boolean[] };

/**
 * Requests' version reads sent as one: the union of their tables, and their narrowing checks (by kept page and
 * snapshot, each asked once), read in one statement.
 */
type Batch = { tables: Set<string>; checks: Map<string, Asked>; read: Promise<VersionRead> };

/** A narrowing check in a batch, and its place among the batch's answers (set when the batch is sent). */
type Asked = { check: SQL; index: number };

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
  /** How the page may outlive writes to one of its tables that do not touch it (see Narrowing). */
  narrowing?: Narrowing | undefined;
};

/**
 * How a page may outlive writes to one of the tables it reads (a search's page, beside bookings of patients it does
 * not name): when `table`'s version is all that changed since the page was read, `touched(since, until)` asks the
 * table's change log (db/change-log.ts) whether any write committed after the snapshot `since` (the page's) and by
 * `until` (the snapshot of this request's version read: the check is part of that read) may touch the page (its `kept`
 * rows); the page is the answer if none may. It is a boolean expression, true when the log cannot tell (pruned past
 * `since`). What it tests must hold every row the page could gain, lose or show differently: a write it lets through
 * is an answer that is wrong.
 */
export type Narrowing = { table: string; touched: (since: string, until: SQL, kept: readonly unknown[]) => SQL };

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
 * licenses, catalogues) and a list of appointments only between bookings, unless the page says which writes it
 * outlives (a Narrowing: a search's page, beside the bookings of people it does not name).
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
  /** The batch of version reads not sent yet, and the read in flight (see #joinBatch). */
  #waiting: Batch | undefined;
  #inFlight: Promise<void> | undefined;
  /** Pages answered from memory, and pages read (kept or not), since the process started. */
  hits = 0;
  misses = 0;
  /** Reads of versions sent to the database (each serving one batch of requests). */
  versionReads = 0;
  /** Hits of pages whose table had changed, by writes their change log showed did not touch them (see Narrowing). */
  narrowed = 0;

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
    // A kept page that may outlive a write to its narrowing's table is checked in the same read as the versions: on
    // a version change it is then answered without a second round trip (see Narrowing).
    const candidate = this.#pages.get(known.key);
    const narrowed =
      options.narrowing && candidate?.snapshot !== undefined ? { entry: candidate, narrowing: options.narrowing } : undefined;
    const read = await this.#versions(known.tables, narrowed && this.#check(known.key, narrowed.entry, narrowed.narrowing));
    const now = Date.now();
    this.#evict(now);
    const kept = this.#pages.get(known.key);
    const fresh = kept !== undefined && now - kept.usedAt <= this.#idleMs ? kept : undefined;
    if (fresh && fresh.versions === read.key) {
      // Most recently used last: Map keeps insertion order.
      this.#pages.delete(known.key);
      fresh.usedAt = now;
      this.#pages.set(known.key, fresh);
      this.hits++;
      answerReads.getStore()?.pages.push({ key: known.key, tables: known.tables, rows: fresh.rows, narrowing: options.narrowing });
      return fresh.rows as R[];
    }
    // A read of the same page under the same versions, already on its way, is this request's answer too: it began
    // after those versions were read, and this request read them after it arrived (the argument above). Beside a
    // write every few milliseconds (bookings), each write otherwise sent every waiting request to the database.
    const reading = this.#reading.get(known.key);
    if (reading && reading.versions === read.key) {
      this.hits++;
      const rows = await reading.rows;
      answerReads.getStore()?.pages.push({ key: known.key, tables: known.tables, rows, narrowing: options.narrowing });
      return rows as R[];
    }
    // The page checked (as it was when this request read the versions) outlives the writes since: it is the answer.
    const outlived =
      narrowed &&
      read.touched === false &&
      now - narrowed.entry.usedAt <= this.#idleMs &&
      this.#onlyChanged(narrowed.entry, read, known.tables, narrowed.narrowing.table);
    if (outlived) {
      this.hits++;
      this.narrowed++;
    } else this.misses++;
    const tables = known.tables;
    const rows = (outlived ? Promise.resolve(narrowed.entry.rows) : unnoted(() => Promise.resolve(run()))).then(
      (rows) => deepFreeze(rows) as readonly unknown[],
    );
    const flight = { versions: read.key, rows };
    this.#reading.set(known.key, flight);
    try {
      const answered = await rows;
      this.#pages.delete(known.key);
      this.#pages.set(known.key, { versions: read.key, snapshot: read.snapshot, rows: answered, usedAt: now });
      this.#evict(now);
      answerReads.getStore()?.pages.push({ key: known.key, tables, rows: answered, narrowing: options.narrowing });
      return answered as R[];
    } finally {
      if (this.#reading.get(known.key) === flight) this.#reading.delete(known.key);
    }
  }

  /**
   * Whether each page is still the one this cache would answer for its statement: the same rows, kept under the
   * versions their tables have now (one version read, batched with the other requests'), or, for a page whose
   * narrowing's table alone changed, outliving the writes since by its narrowing check (a second read, as rows() would
   * make, asked only then: a check in every read cost the search more than it saved). An answer built from these
   * pages alone (http/kept-answer.ts) is then the answer its route would build again. Each page counts as a hit
   * (`count`; not when the answer is built again anyway, to be compared), and a page that outlived the writes is kept
   * under the new versions and snapshot. Without the checks every booking had the search's answer built again, though
   * it named none of three bookings in four (docs/performance/api.md).
   */
  async current(pages: readonly KeptRead[], count = true): Promise<boolean> {
    const tables = [...new Set(pages.flatMap((page) => page.tables))];
    const { batch } = this.#joinBatch(tables);
    // When the answer has changed, its route reads its pages against these versions (see #versions).
    const reads = answerReads.getStore();
    if (reads) reads.versions = { tables: new Set(tables), read: batch.read };
    const { byTable } = await batch.read;
    type Outcome = { entry: Entry; versions: string; snapshot?: string | undefined };
    const outcomes: Array<Outcome | 'check' | undefined> = pages.map((page) => {
      const entry = this.#pages.get(page.key);
      if (entry === undefined || entry.rows !== page.rows || Date.now() - entry.usedAt > this.#idleMs) return undefined;
      const versions = versionsOf(page.tables, byTable).join(',');
      if (entry.versions === versions) return { entry, versions };
      return page.narrowing && entry.snapshot !== undefined ? 'check' : undefined;
    });
    if (outcomes.includes(undefined)) return false;
    const checked = outcomes.map((outcome, i) => (outcome === 'check' ? this.#pages.get(pages[i]!.key) : undefined));
    // One batch: its joins are synchronous, and a batch is sent a microtask later at the earliest.
    const asked = pages.map((page, i) =>
      checked[i] ? this.#joinBatch([...page.tables], this.#check(page.key, checked[i], page.narrowing!)) : undefined,
    );
    const second = asked.find((one) => one !== undefined);
    if (second) {
      const read = await second.batch.read;
      for (const [i, page] of pages.entries()) {
        if (!asked[i]?.asked) continue;
        const entry = this.#pages.get(page.key);
        const versions = versionsOf(page.tables, read.byTable);
        const outlived =
          entry === checked[i] &&
          read.touched[asked[i].asked.index] === false &&
          this.#onlyChanged(
            entry!,
            { versions, key: versions.join(','), snapshot: read.snapshot, touched: false },
            [...page.tables],
            page.narrowing!.table,
          );
        if (!outlived) return false;
        outcomes[i] = { entry: entry!, versions: versions.join(','), snapshot: read.snapshot };
      }
    }
    if (!count) return true;
    const now = Date.now();
    pages.forEach((page, i) => {
      const { entry, versions, snapshot } = outcomes[i] as Outcome;
      // Most recently used last, as a hit of rows() does; one that outlived the writes is kept as of its check's read.
      this.#pages.delete(page.key);
      entry.usedAt = now;
      this.#pages.set(page.key, snapshot === undefined ? entry : { versions, snapshot, rows: entry.rows, usedAt: now });
      this.hits++;
      if (snapshot !== undefined) this.narrowed++;
    });
    return true;
  }

  /** Whether every kept answer is also built again and compared (the test suites: see PageCacheOptions.verify). */
  get verifying(): boolean {
    return this.#verify;
  }

  /** Whether `table` is the one table whose version differs between the kept page and this read (and both have snapshots). */
  #onlyChanged(kept: Entry, read: Versions, tables: string[], table: string): boolean {
    if (kept.snapshot === undefined || read.snapshot === undefined) return false;
    const before = kept.versions.split(',');
    return tables.every((name, i) => (name === table) !== (before[i] === read.versions[i]));
  }

  /** The narrowing check of a kept page, keyed by the page and its snapshot (requests for one page ask it once). */
  #check(key: string, entry: Entry, narrowing: Narrowing): { key: string; check: () => SQL } {
    return {
      key: `${key}\u0000${entry.snapshot}`,
      check: () => narrowing.touched(entry.snapshot!, sql`pg_current_snapshot()`, entry.rows),
    };
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

  /** The tables' versions, in the order given, and the snapshot they were read in. */
  async #versions(tables: string[], check?: { key: string; check: () => SQL }): Promise<Versions> {
    // Versions this request read after it arrived (its kept answer's) serve its pages as a batch's would; a narrowing
    // check must be part of its read, so it joins a batch.
    const already = answerReads.getStore()?.versions;
    const { batch, asked } =
      !check && already && tables.every((table) => already.tables.has(table))
        ? { batch: { read: already.read }, asked: undefined }
        : this.#joinBatch(tables, check);
    const { byTable, snapshot, touched } = await batch.read;
    const versions = versionsOf(tables, byTable);
    return { versions, key: versions.join(','), snapshot, touched: asked === undefined ? undefined : touched[asked.index] };
  }

  /**
   * One read of versions serves every request that arrived before it was sent: a request joins the batch
   * not sent yet (or starts one), and a batch is sent once the read before it has come back. Each request
   * thus gets versions read after it arrived, as if it had read them itself, and under load the version
   * reads cost one round trip per batch instead of one per request.
   */
  #joinBatch(tables: string[], check?: { key: string; check: () => SQL }): { batch: Batch; asked: Asked | undefined } {
    let batch = this.#waiting;
    if (!batch) {
      const started: Batch = {
        tables: new Set(),
        checks: new Map(),
        read: Promise.resolve({ byTable: new Map(), snapshot: undefined, touched: [] }),
      };
      started.read = (this.#inFlight ?? Promise.resolve()).then(() => {
        // Sent now: a request arriving from here on waits for the next batch.
        if (this.#waiting === started) this.#waiting = undefined;
        return unnoted(() => this.#readNow([...started.tables], [...started.checks.values()]));
      });
      this.#inFlight = started.read.then(
        () => undefined,
        () => undefined,
      );
      this.#waiting = started;
      batch = started;
    }
    for (const table of tables) batch.tables.add(table);
    if (!check) return { batch, asked: undefined };
    let asked = batch.checks.get(check.key);
    if (!asked) {
      asked = { check: check.check(), index: -1 };
      batch.checks.set(check.key, asked);
    }
    return { batch, asked };
  }

  async #readNow(tables: string[], asked: Asked[]): Promise<VersionRead> {
    this.versionReads++;
    // The checks in the order of their text, so that a batch's text depends on which kinds of check it holds, not
    // on the order they came in: a named statement (parsed and planned once per connection) while they are few.
    const texts = new Map(asked.map((one) => [one, dialect.sqlToQuery(one.check).sql]));
    const sorted = [...asked].sort((a, b) => (texts.get(a)! < texts.get(b)! ? -1 : texts.get(a)! > texts.get(b)! ? 1 : 0));
    sorted.forEach((one, index) => (one.index = index));
    const query = readVersions(
      tables,
      sorted.map((one) => one.check),
    );
    type Row = { table_name: string | null; version: string | null; snapshot: string; touched: boolean[] | null };
    const rows = sorted.length <= 2 ? await preparedRows<Row>(this.#db, query) : await queryRows<Row>(this.#db, query);
    const byTable = new Map<string, string>();
    for (const row of rows) if (row.table_name !== null && row.version !== null) byTable.set(row.table_name, row.version);
    return { byTable, snapshot: rows[0]?.snapshot, touched: rows[0]?.touched ?? [] };
  }

  /** The database's own tables, and which of them have a version trigger (read once, on first use). */
  #knownTables(): Promise<Tables> {
    // A Drizzle query runs when awaited: the whole chain is outside the answer's reads.
    this.#tables ??= unnoted(() =>
      Promise.resolve(
        this.#db.execute(
          sql`select c.relname as name,
                exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = c.relname || '_version') as versioned
              from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = current_schema() and c.relkind in ('r', 'v', 'm', 'p')`,
        ),
      ),
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

/** The versions of `tables` in a read, in their order ('0': a table never written). */
const versionsOf = (tables: readonly string[], byTable: Map<string, string>) => tables.map((table) => byTable.get(table) ?? '0');

/**
 * Some tables' versions and the snapshot they are read in (one row with a null table when none has a version yet),
 * and the answers of narrowing checks in that snapshot (`touched`, in the order given; null without checks).
 */
const readVersions = (tables: string[], checks: SQL[]) =>
  sql`select v.table_name, v.version, s.snapshot, ${checks.length ? sql`array[${sql.join(checks, sql`, `)}]::boolean[]` : sql`null::boolean[]`} as touched
      from (select pg_current_snapshot()::text as snapshot) s
      left join (select table_name, sum(version)::text as version from table_versions
                 where table_name = any(${`{${tables.join(',')}}`}::text[]) group by table_name) v on true`;

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
  noteOtherRead();
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
  noteOtherRead();
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (await client.query({ name: preparedName(text), text, values: params })).rows as T[];
}

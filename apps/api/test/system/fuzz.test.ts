import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import { massActionMark } from '@sehha/contract/bulk';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/database';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { upsertAdmin } from '../../src/auth/admin-accounts';
import { adminCredentials, createTestApp } from '../support/test-app';
import { pdf, png } from '../support/files';
import { freshPhone, signInApp } from '../support/app-accounts';
import { makeProvider } from '../support/providers';
import { appPaths, appPrefix } from '@sehha/contract/app-paths';

/**
 * Property-based fuzzing of every operation of the OpenAPI document: random and malformed query
 * strings, path parameters, JSON and multipart bodies, with and without the admin token.
 * Invariants: no 5xx and no error-level log line; every 4xx is JSON with a string `message`
 * (and `errors` of string lists); a rejected request leaves the database and storage unchanged.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> (FUZZ_RUNS=<n> runs per operation).
 */
const fuzzSeed = Number(process.env.FUZZ_SEED ?? 20_240_611);
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 10);

type JsonSchema = {
  type?: string | undefined;
  properties?: Record<string, JsonSchema> | undefined;
  required?: string[] | undefined;
  items?: JsonSchema | undefined;
  anyOf?: JsonSchema[] | undefined;
  oneOf?: JsonSchema[] | undefined;
  enum?: unknown[] | undefined;
  const?: unknown | undefined;
  nullable?: boolean | undefined;
  minLength?: number | undefined;
  maxLength?: number | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  minItems?: number | undefined;
  maxItems?: number | undefined;
  pattern?: string | undefined;
  format?: string | undefined;
  [massActionMark]?: string | undefined;
};
type Parameter = { in: 'path' | 'query'; name: string; schema?: JsonSchema | undefined };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema | undefined;
  spoofs?: string | undefined;
  /** A bulk or "… all" action (the contract's mark on its body): a body it cannot read must change nothing, ever. */
  mass?: boolean | undefined;
};
type FuzzRequest = { method: string; url: string; headers: Record<string, string>; body?: string | Uint8Array | undefined; note: string };
type LogLine = { level: number; msg?: string | undefined };

// ---- the app under test: one per file, seeded with the demo data so that ids 1..n exist ----

const errorLogs: LogLine[] = [];
/** The GET paths (as the OpenAPI document spells them) whose routes write an access row (access-log/declared-reads.ts). */
const loggedReads = new Set<string>();
// A real socket: the fuzzed requests go through Node's HTTP parser and fetch, as a client's would.
const t = await createTestApp({
  listen: true,
  logger: { level: 'error', stream: { write: (line: string) => void errorLogs.push(JSON.parse(line) as LogLine) } },
});
afterAll(() => t.close());
await seedDemoData(t.db, t.storage);
for (const route of t.app.accessRouteTable())
  if (typeof route.access === 'object' && route.methods.includes('GET')) loggedReads.add(route.url.replace(/:(\w+)/g, '{$1}'));
const signIn = async () =>
  ((await (await t.login(adminCredentials.email, adminCredentials.password)).json()) as { data: { token: string } }).data.token;
/** The token every operation is fuzzed with. */
let adminToken = t.adminToken;
/** Logging out revokes its token: that operation gets its own. */
let throwawayToken = await signIn();
/** The app API (/api/v1) is fuzzed with an app token (an admin token is refused there); its logout and erasure with their own. */
const appToken = (await signInApp(t)).token;
const throwawayAppToken = (await signInApp(t)).token;
/** The provider routes (/api/v1/provider/…) answer a provider only: an approved doctor's token. */
const doctorPhone = freshPhone();
await makeProvider(t.db, 'doctor', { phone: doctorPhone, status: 'approved' });
const providerToken = (await signInApp(t, doctorPhone)).token;
/** The pharmacy routes (/api/v1/pharmacy/…) answer a pharmacy only: an approved pharmacy's token. */
const pharmacyPhone = freshPhone();
await makeProvider(t.db, 'pharmacy', { phone: pharmacyPhone, status: 'approved' });
const pharmacyToken = (await signInApp(t, pharmacyPhone)).token;

/**
 * Operations that, by design, can end the fuzzing admin's sessions or change the admin's account (revoke a
 * session by id, revoke the others, deactivate, reset the password or demote an admin by id): random ids
 * do hit the fuzzing admin. After them the admin is restored (upsertAdmin: active super admin, same
 * password, tokens revoked) and signs in again, instead of asserting that its token survived.
 */
const disruptive =
  /^\/api\/admin\/(sessions\/|security\/two-factor\/|admins\/\{[^}]+\}\/(sessions|deactivate|reactivate|reset-password|role))/;
/** Operations that check a password or a code: their refusals are audited (sign-in limits, auth/secret-guard.ts). */
const secretChecks = /^\/api\/(auth\/login|admin\/security\/two-factor\/)/;
/** A wrong one-time code is counted on the code it was tried against (5 void it): the one write its refusal leaves. */
const countedCodes = (path: string) => (path === appPaths.verify || path === appPaths.myPhoneVerify ? ['otp_codes'] : []);
const restoreAdmin = async () => {
  await upsertAdmin(t.db, adminCredentials.email, adminCredentials.password);
  // Wrong codes and passwords behind the session count on the sign-in limits (and end the session): start afresh.
  await t.db.execute(sql`delete from login_attempts`);
  adminToken = await signIn();
  throwawayToken = await signIn();
};

const document = (await (await t.call('/api/docs/json', { token: null })).json()) as {
  paths: Record<
    string,
    Record<string, { parameters?: Parameter[] | undefined; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
};
const operations: Operation[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    parameters: operation.parameters ?? [],
    body: operation.requestBody?.content['application/json']?.schema,
    mass: Boolean(operation.requestBody?.content['application/json']?.schema[massActionMark]),
    // A POST next to a PATCH/PUT/DELETE of the same path is its `_method` form.
    spoofs:
      method === 'post'
        ? Object.keys(methods)
            .find((other) => ['patch', 'put', 'delete'].includes(other))
            ?.toUpperCase()
        : undefined,
  })),
);

// ---- database and storage fingerprint ----

const tables = (
  await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )
).map((row) => row.name);
/** The login throttle counts failed logins by design; reads touch a token's last_used_at. */
const fingerprintQuery = sql.raw(
  tables
    .filter((name) => name !== 'login_attempts')
    .map((name) =>
      name === 'access_tokens'
        ? `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(id || ',' || token_hash || ',' || expires_at, '|' order by id)), '') as print from access_tokens`
        : name === 'table_versions'
          ? // Each process folds the rows of ended backends every minute, keeping every table's sum: the sums are what a write moves.
            `select '${name}' as name, coalesce(md5(string_agg(table_name || '=' || version, '|' order by table_name)), '') as print
             from (select table_name, sum(version) as version from table_versions group by table_name) v`
          : // A row's xmin changes with every insert or update; count(*) catches deletes.
            `select '${name}' as name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) as print from "${name}"`,
    )
    .join(' union all '),
);
const storageFiles = () => readdirSync(t.storage.root, { recursive: true }).length;
async function fingerprint(): Promise<Record<string, string>> {
  // The access log is written in batches: the reads made so far are on record before the tables are compared.
  await t.app.accessLog.flush();
  // An accepted retry or code request sends its message after answering: its outcome is recorded before comparing.
  await t.app.outbox.idle();
  const rows = await queryRows<{ name: string; print: string }>(t.db, fingerprintQuery);
  return { ...Object.fromEntries(rows.map((row) => [row.name, row.print])), storage: String(storageFiles()) };
}
const changedParts = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after).filter((key) => before[key] !== after[key]);

// ---- generators ----

const loneSurrogates = ['\ud800', 'a\udfffb', '\udbff'];
const oddStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '%',
  '%zz',
  '%E0%A4%A',
  '%ff%fe',
  '%C0%80',
  '\\',
  "'; drop table users; --",
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0',
  '-0',
  '1.5',
  '0x10',
  '1e3',
  ' 1',
  '9'.repeat(30),
  String(2 ** 53),
  String(2 ** 63),
  'true',
  'null',
  'أحمد',
  'مُحَمَّد',
  '\u202eevil',
  '\ufeffbom',
  '👩‍⚕️🏥',
  'x'.repeat(300),
  'x'.repeat(70_000),
  '0000-01-01',
  '2023-02-29',
  '+20',
  'a@b.c',
  '[]',
  '{}',
  ...loneSurrogates,
];
const plainString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...oddStrings) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
);
/** A character the database or the parsers may choke on, slipped into `text`. */
const withHostileCharacter = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.nat(), fc.constantFrom('\u0000', '\u0000', '\ud800', '\udc00', '%00', '\r\n', '"', '[', ']', '\u202e', '\uffff'))
    .map(([base, at, character]) => base.slice(0, at % (base.length + 1)) + character + base.slice(at % (base.length + 1)));
const junkString = fc.oneof({ weight: 3, arbitrary: plainString }, { weight: 1, arbitrary: withHostileCharacter(plainString) });
/** Text a form would send (Latin or Arabic words), so that the rest of a request passes validation. */
const readableText = (minLength: number, maxLength: number) =>
  fc
    .array(fc.constantFrom('Cardio', 'Gold', 'Cairo', 'Plan', 'قلب', 'ذهبية', 'القاهرة', 'باقة', 'Ωmega', '👩‍⚕️'), {
      minLength: 1,
      maxLength: 3,
    })
    .chain((words) => fc.nat(9999).map((n) => `${words.join(' ')} ${n}`))
    .map((text) => text.padEnd(minLength, 'x').slice(0, Math.max(minLength, maxLength)));
/** Dates of any year the format allows, the edges included (there is no year 0 in PostgreSQL). */
const anyDate = fc.oneof(
  fc
    .record({ year: fc.integer({ min: 0, max: 9999 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) })
    .map(({ year, month, day }) => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`),
  fc.constantFrom('0000-01-01', '0000-02-29', '0001-01-01', '9999-12-31', '2024-02-29', '1970-01-01'),
);
const junkNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53, 2 ** 63, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 5e-324, 0.5),
  fc.integer(),
  fc.double({ noNaN: true }),
);
const deepArray = (depth: number) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown;
const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: junkString },
  { weight: 2, arbitrary: junkNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null, [], {}, deepArray(100), { __proto__: null, polluted: 1 }) },
  { weight: 1, arbitrary: fc.array(junkString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/**
 * Values the schema allows, mostly: a quarter of the free texts carry a hostile character, so
 * that requests valid in every other way reach the database with it. The starting point of mutations.
 */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  const alternatives = schema.anyOf ?? schema.oneOf;
  let value: fc.Arbitrary<unknown>;
  if (alternatives) value = fc.oneof(...alternatives.map((alternative) => fromSchema(alternative, depth + 1)));
  else if ('const' in schema) value = fc.constant(schema.const);
  else if (schema.enum) value = fc.constantFrom(...schema.enum);
  else if (schema.type === 'string' && schema.format === 'date') value = anyDate;
  else if (schema.type === 'string' && schema.format === 'email')
    value = fc.oneof({ weight: 3, arbitrary: fc.emailAddress() }, { weight: 1, arbitrary: withHostileCharacter(fc.emailAddress()) });
  else if (schema.type === 'string' && schema.pattern) value = fc.stringMatching(new RegExp(schema.pattern));
  else if (schema.type === 'string') {
    const text = readableText(schema.minLength ?? 0, Math.min(schema.maxLength ?? 40, 40));
    value = fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: withHostileCharacter(text) });
  } else if (schema.type === 'integer')
    value = fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) });
  else if (schema.type === 'number')
    value = fc.double({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9), noNaN: true });
  else if (schema.type === 'boolean') value = fc.boolean();
  else if (schema.type === 'array') {
    value = fc.array(fromSchema(schema.items, depth + 1), {
      minLength: Math.min(schema.minItems ?? 0, 3),
      maxLength: Math.min(Math.max(schema.minItems ?? 0, schema.maxItems ?? 3), 3),
    });
  } else if (schema.type === 'object' || schema.properties) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, property]) => [key, fromSchema(property, depth + 1)]),
    );
    value = fc.record(properties, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  } else value = fc.jsonValue({ maxDepth: 2 });
  return schema.nullable ? fc.option(value, { nil: null }) : value;
}

/** Every path inside a JSON value, e.g. ['features', '0', 'title_en']. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}
type Mutation = { pick: number; action: 'replace' | 'delete' | 'add'; key: string; junk: unknown };
function mutate(value: unknown, mutation: Mutation | null): unknown {
  if (!mutation || typeof value !== 'object' || value === null) return value;
  const copy = structuredClone(value) as Record<string, unknown>;
  const paths = pathsOf(copy);
  const path = mutation.action === 'add' || paths.length === 0 ? [mutation.key] : paths[mutation.pick % paths.length]!;
  let parent: Record<string, unknown> = copy;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Record<string, unknown>;
  const last = path[path.length - 1]!;
  if (mutation.action === 'delete') delete parent[last];
  else Object.defineProperty(parent, last, { value: mutation.junk, enumerable: true, writable: true, configurable: true });
  return copy;
}
const mutation: fc.Arbitrary<Mutation | null> = fc.option(
  fc.record({
    pick: fc.nat(),
    action: fc.constantFrom('replace', 'replace', 'delete', 'add'),
    key: junkString,
    junk: junkValue,
  }) as fc.Arbitrary<Mutation>,
  { freq: 4 },
);

/** Lone surrogates cannot be percent-encoded: they become U+FFFD (the body and multipart carry them as they are). */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
const rawEscapes = fc.constantFrom('%', '%zz', '%00', '%ff%fe', '%C0%80', '%E0%A4%A', 'a%2', '%%', '%u0041', '%2500');

function queryArbitrary(parameters: Parameter[]): fc.Arbitrary<string> {
  const own = parameters.filter((parameter) => parameter.in === 'query');
  const names = [...own.map((parameter) => parameter.name), 'page', '_method'];
  const fromOwnSchema = own.map((parameter) =>
    fromSchema(parameter.schema).map((value) => `${encode(parameter.name)}=${encode(String(value))}`),
  );
  const pair = fc.oneof(
    ...(fromOwnSchema.length > 0 ? [{ weight: 4, arbitrary: fc.oneof(...fromOwnSchema) }] : []),
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...names), junkString).map(([name, value]) => `${encode(name)}=${encode(value)}`) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...names), junkNumber).map(([name, value]) => `${encode(name)}=${encode(String(value))}`),
    },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names), rawEscapes).map(([name, value]) => `${encode(name)}=${value}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...names), fc.constantFrom('[]', '[0]', '[__proto__]', '[a][b]'))
        .map(([name, suffix]) => `${encode(name)}${encode(suffix)}=1`),
    },
    { weight: 1, arbitrary: fc.tuple(junkString, junkString).map(([name, value]) => `${encode(name)}=${encode(value)}`) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__[x]=1', 'constructor[prototype][x]=1', '=', '&&', 'page', 'page=', '%=%') },
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.join('&'));
}

function pathArbitrary(operation: Operation): fc.Arbitrary<string> {
  const names = operation.parameters.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name);
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: 1, max: 12 }).map(String) },
    { weight: 2, arbitrary: junkString.map(encode) },
    { weight: 1, arbitrary: junkNumber.map((number) => encode(String(number))) },
  );
  return fc
    .tuple(...names.map(() => value))
    .map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), operation.path));
}

// ---- bodies ----

type Body = { contentType?: string | undefined; body?: string | Uint8Array | undefined; note: string };
const boundary = 'fuzz-boundary-1a2b';

/** `{features: [{title_en: 'x'}]}` → [['features[0][title_en]', 'x']], as the dashboard sends forms. */
function formFields(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value !== 'object' || value === null) {
    const text = value === null ? '' : value === true ? '1' : value === false ? '0' : String(value);
    return [[prefix || 'value', text]];
  }
  return Object.entries(value).flatMap(([key, child]) => formFields(child, prefix ? `${prefix}[${key}]` : key));
}
type FilePart = { name: string; content: Uint8Array };
function multipartBody(fields: Array<[string, string | Uint8Array]>, files: FilePart[], end = true): Uint8Array {
  const chunks: Buffer[] = [];
  for (const [name, value] of fields)
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      Buffer.from(value),
      Buffer.from('\r\n'),
    );
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(chunks));
}
const pngClaiming = (width: number, height: number) => {
  const header = Buffer.from(png(2, 1));
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return new Uint8Array(header);
};
const fileContent = fc.oneof(
  fc.constant(new Uint8Array(png(40, 20))),
  fc.constant(new Uint8Array(png(10, 40))),
  fc.constantFrom(pngClaiming(60_000, 30_000), pngClaiming(10_001, 1), pngClaiming(0, 0), new Uint8Array(png(40, 20).subarray(0, 40))),
  fc.constant(new Uint8Array(pdf())),
  fc.constantFrom(
    new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
    new Uint8Array(Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ')),
    new Uint8Array(Buffer.from('GIF89a')),
  ),
  fc.uint8Array({ maxLength: 300 }),
);
const filePart = fc.record({
  name: fc.oneof(
    // The upload fields of every route: images, flags, and a provider application's documents and photo.
    fc.constantFrom(
      'image',
      'flag',
      'file',
      'license',
      'syndicate_card',
      'national_id',
      'commercial_register',
      'tax_card',
      'photo',
      'images',
      'images[]',
    ),
    junkString.map((name) => name.replace(/["\r\n]/g, '')),
  ),
  content: fileContent,
});

/**
 * Multipart bodies that carry no readable form: busboy once read each as an empty form (its unnamed parts
 * dropped), and a mass action then acted on every row. Every route answers them 400.
 */
const unreadableMultipart: Body[] = [
  { contentType: `multipart/form-data; boundary=${boundary}`, body: '', note: 'empty multipart' },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Type: text/plain\r\n\r\ntrue\r\n--${boundary}--\r\n`,
    note: 'multipart part without Content-Disposition',
  },
  {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: `--${boundary}\r\nContent-Disposition: form-data; name="all"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: attachment\r\n\r\nx\r\n--${boundary}--\r\n`,
    note: 'multipart with a part that is not form-data',
  },
];
const unreadableNotes = new Set(unreadableMultipart.map((body) => body.note));

function multipartArbitrary(value: fc.Arbitrary<unknown>): fc.Arbitrary<Body> {
  const fields = value.map((v) => formFields(v));
  const extraField = fc
    .tuple(
      junkString,
      fc.oneof(
        junkString.map((s) => s as string | Uint8Array),
        fc.uint8Array({ maxLength: 20 }),
      ),
    )
    .map(([name, v]) => [name, v] as [string, string | Uint8Array]);
  const valid = fc
    .tuple(fields, fc.array(extraField, { maxLength: 2 }), fc.array(filePart, { maxLength: 2 }))
    .map(([own, extra, files]) => multipartBody([...own, ...extra], files));
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((body) => ({ contentType: `multipart/form-data; boundary=${boundary}`, body, note: 'multipart' })) },
    { weight: 1, arbitrary: valid.map((body) => ({ contentType: 'multipart/form-data', body, note: 'multipart without boundary' })) },
    {
      weight: 1,
      arbitrary: valid.map((body) => ({
        contentType: 'multipart/form-data; boundary=other',
        body,
        note: 'multipart with the wrong boundary',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat()).map(([body, cut]) => ({
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: body.subarray(0, cut % (body.length + 1)),
        note: 'truncated multipart',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ maxLength: 200 })
        .map((body) => ({ contentType: `multipart/form-data; boundary=${boundary}`, body, note: 'garbage multipart' })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 60, max: 9000 }).map((depth) => ({
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody([[`name${'[x]'.repeat(depth)}`, 'x']], []),
        note: `multipart name ${depth} brackets deep`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: multipartBody(
          Array.from({ length: 300 }, (_, i) => [`f${i}`, 'x'] as [string, string]),
          [],
        ),
        note: '300 parts',
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom(...unreadableMultipart) },
  );
}

function bodyArbitrary(operation: Operation): fc.Arbitrary<Body> {
  const fromOperation = fc
    .tuple(fromSchema(operation.body ?? { type: 'object' }), mutation, fc.constantFrom('', '_method', '_METHOD'))
    .map(([value, change, spoof]) => {
      const body = mutate(value, change);
      if (operation.spoofs && spoof && typeof body === 'object' && body !== null && !Array.isArray(body))
        (body as Record<string, unknown>)[spoof] = operation.spoofs.toLowerCase();
      return body;
    });
  const json = (value: unknown, note: string): Body => ({ contentType: 'application/json', body: JSON.stringify(value) ?? 'null', note });
  return fc.oneof(
    { weight: 4, arbitrary: fromOperation.map((value) => json(value, 'json from the schema')) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => json(value, 'arbitrary json')) },
    { weight: 3, arbitrary: multipartArbitrary(fromOperation) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { contentType: 'application/json', body: '', note: 'empty json' },
        { contentType: 'application/json', body: '{', note: 'broken json' },
        { contentType: 'application/json', body: '{"__proto__":{"polluted":1},"name_ar":"x"}', note: 'json __proto__' },
        { contentType: 'application/json', body: '{"constructor":{"prototype":{"polluted":1}}}', note: 'json constructor.prototype' },
        { contentType: 'application/json', body: `{"name_ar":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, note: 'deeply nested json' },
        { contentType: 'application/json', body: '{"name_ar":"\\u0000","name_en":"\\ud800","ids":["\\u0000"]}', note: 'json escapes' },
        {
          contentType: 'application/json',
          body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xc0, 0x80, 0x22, 0x7d]),
          note: 'invalid utf-8 json',
        },
        { contentType: 'application/json; charset=utf-16', body: '{}', note: 'json in utf-16' },
        { contentType: 'text/plain', body: 'name_ar=x', note: 'text' },
        { contentType: 'application/x-www-form-urlencoded', body: 'name_ar=x&ids[]=1', note: 'urlencoded' },
        { contentType: 'application/xml', body: '<a/>', note: 'xml' },
        { note: 'no body' },
      ),
    },
  );
}

function requestArbitrary(operation: Operation): fc.Arbitrary<FuzzRequest> {
  const token = operation.path.startsWith(`${appPrefix}/`)
    ? operation.path === appPaths.logout || operation.path === appPaths.erasure
      ? throwawayAppToken
      : operation.path.startsWith(`${appPrefix}/provider/`)
        ? providerToken
        : operation.path.startsWith(`${appPrefix}/pharmacy/`)
          ? pharmacyToken
          : appToken
    : operation.path === '/api/auth/logout'
      ? throwawayToken
      : adminToken;
  const authorization = fc.oneof(
    { weight: 10, arbitrary: fc.constant(`Bearer ${token}`) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer', 'Bearer junk', `Bearer ${token}x`, 'Basic YTpi', `bearer  ${token}`) },
  );
  const language = fc.constantFrom(undefined, 'en', 'ar', 'ar-EG,en;q=0.5', '*', 'xx');
  const body = operation.method === 'GET' ? fc.constant<Body>({ note: 'no body' }) : bodyArbitrary(operation);
  return fc
    .tuple(pathArbitrary(operation), queryArbitrary(operation.parameters), authorization, language, body)
    .map(([path, query, auth, lang, payload]) => {
      const headers: Record<string, string> = {};
      if (auth) headers.authorization = auth;
      if (lang) headers['accept-language'] = lang;
      if (payload.contentType) headers['content-type'] = payload.contentType;
      return { method: operation.method, url: query ? `${path}?${query}` : path, headers, body: payload.body, note: payload.note };
    });
}

// ---- the invariants ----

const describeRequest = (request: FuzzRequest) => {
  const body =
    request.body === undefined ? '' : typeof request.body === 'string' ? request.body : Buffer.from(request.body).toString('latin1');
  return `${request.method} ${request.url} [${request.note}] ${JSON.stringify(request.headers)} ${JSON.stringify(body.slice(0, 300))}`;
};

async function send(request: FuzzRequest): Promise<{ status: number; text: string; contentType: string }> {
  const response = await fetch(`${t.baseUrl}${request.url}`, {
    method: request.method,
    headers: request.headers,
    body: request.body ?? null,
    redirect: 'manual',
  });
  return { status: response.status, text: await response.text(), contentType: response.headers.get('content-type') ?? '' };
}

function assertLaravelError(status: number, text: string, contentType: string, what: string) {
  expect(contentType, what).toMatch(/^application\/json/);
  const body = JSON.parse(text) as { message?: unknown | undefined; errors?: unknown | undefined };
  expect(typeof body.message, what).toBe('string');
  if (body.errors !== undefined) {
    expect(typeof body.errors, what).toBe('object');
    for (const messages of Object.values(body.errors as object))
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string'), what).toBe(true);
  }
  if (status === 422) expect(body.errors === undefined || Object.keys(body.errors as object).length > 0, what).toBe(true);
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('found the operations', () => {
    expect(operations.length).toBeGreaterThan(80);
  });

  // The login throttle would answer 429 to everything after a while: log in last.
  const ordered = [
    ...operations.filter((op) => op.path !== '/api/auth/login'),
    ...operations.filter((op) => op.path === '/api/auth/login'),
  ];
  ordered.forEach((operation, index) => {
    it(`${operation.method} ${operation.path}`, async () => {
      const seed = fuzzSeed + index;
      errorLogs.length = 0;
      let baseline = await fingerprint();
      let rejectedSinceBaseline: string[] = [];
      const property = fc.asyncProperty(requestArbitrary(operation), async (request) => {
        const what = describeRequest(request);
        const { status, text, contentType } = await send(request);
        expect(status, `${what} → ${status} ${text.slice(0, 300)}`).toBeLessThan(500);
        expect(errorLogs, what).toEqual([]);
        // A mass action with a body it cannot read answers 400 to a signed-in admin, whatever the body says.
        if (operation.mass && unreadableNotes.has(request.note) && request.headers.authorization === `Bearer ${adminToken}`)
          expect(status, `${what} → ${status} ${text.slice(0, 300)}`).toBe(400);
        const rejected = status >= 400;
        if (rejected) assertLaravelError(status, text, contentType, `${what} → ${status} ${text.slice(0, 300)}`);
        if (request.method === 'GET') {
          if (rejected) rejectedSinceBaseline.push(what);
          return;
        }
        // Writes are checked one by one (an accepted write moves the baseline). A refused sign-in, code or
        // password is on record (and a run of them ends the session): the one write a rejection may leave.
        const now = await fingerprint();
        const onRecord = secretChecks.test(operation.path)
          ? ['audit_logs', 'table_versions', 'access_tokens']
          : countedCodes(operation.path);
        if (rejected)
          expect(
            changedParts(baseline, now).filter((part) => !onRecord.includes(part)),
            `${what} → ${status} changed the database or storage`,
          ).toEqual([]);
        baseline = now;
      });
      try {
        // Every mass action meets every unreadable multipart shape, whatever the random runs draw.
        const examples = operation.mass
          ? unreadableMultipart.map((body): [FuzzRequest] => [
              {
                method: operation.method,
                url: operation.path,
                headers: { authorization: `Bearer ${adminToken}`, 'content-type': body.contentType! },
                body: body.body,
                note: body.note,
              },
            ])
          : [];
        await fc.assert(property, { seed, numRuns: runsPerOperation, endOnFailure: true, examples });
        // Reads are checked together: no rejected read (nor any read) may write.
        const after = await fingerprint();
        // A read of health data is on record in the access log (issue 28): the one write such a read may leave. The app's
        // GET of its data export opens the account's access request: a read that may write that request.
        const auditedRead = loggedReads.has(operation.path)
          ? ['access_logs']
          : operation.path === appPaths.myData
            ? ['data_requests', 'table_versions']
            : [];
        expect(
          changedParts(baseline, after).filter((part) => !auditedRead.includes(part)),
          `reads changed the database: ${rejectedSinceBaseline.join('\n')}`,
        ).toEqual([]);
        rejectedSinceBaseline = [];
        // The admin token still works for the next operation.
        if (disruptive.test(operation.path)) await restoreAdmin();
        else expect((await t.call('/api/auth/me', { token: adminToken })).status).toBe(200);
      } catch (error) {
        throw new Error(
          `Fuzzing ${operation.method} ${operation.path} failed (FUZZ_SEED=${fuzzSeed}, seed of this operation ${seed}):\n${(error as Error).message}`,
          { cause: error },
        );
      }
    });
  });
});

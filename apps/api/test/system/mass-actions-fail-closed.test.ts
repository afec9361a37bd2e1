import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { massActionMark, type MassActionKind } from '@sehha/contract/bulk';
import { queryRows } from '../../src/db/database';
import { users } from '../../src/db/schema/accounts';
import { licenses } from '../../src/db/schema/providers';
import { changeRequests } from '../../src/db/schema/change-requests';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeProvider, type ProviderKind } from '../support/providers';

type JsonSchema = { properties?: Record<string, JsonSchema> | undefined; enum?: unknown[] | undefined; [massActionMark]?: MassActionKind };
type Document = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>> };
type MassAction = { path: string; kind: MassActionKind; filterKeys: Record<string, JsonSchema> };
type Shape = { name: string; contentType: string; body: (action: MassAction) => string; status: number };

const capitalized = (key: string) => key[0]!.toUpperCase() + key.slice(1);
/** A value the filter key takes (its first allowed one), so that only the key's spelling is wrong. */
const valueOf = (schema: JsonSchema) => schema.enum?.[0] ?? 'a';
/** The JSON body the action takes for "every row": `{filter: {…}}` or `{all: true, …}`, with these filter keys. */
const body = (action: MassAction, filter: Record<string, unknown>) =>
  JSON.stringify(action.kind === 'bulk' ? { filter } : { all: true, ...filter });

const shapes: Shape[] = [
  { name: 'an unknown filter key', contentType: 'application/json', body: (a) => body(a, { kind: 'pharmacy' }), status: 422 },
  {
    name: 'a filter key in the wrong case',
    contentType: 'application/json',
    body: (a) => {
      const [key, schema] = Object.entries(a.filterKeys)[0]!;
      return body(a, { [capitalized(key)]: valueOf(schema) });
    },
    status: 422,
  },
  { name: 'an empty multipart body', contentType: 'multipart/form-data; boundary=x', body: () => '', status: 400 },
  {
    name: 'a multipart part without Content-Disposition',
    contentType: 'multipart/form-data; boundary=x',
    body: () => '--x\r\nContent-Type: text/plain\r\n\r\ntrue\r\n--x--\r\n',
    status: 400,
  },
  { name: 'the right body under the wrong content type', contentType: 'text/plain', body: (a) => body(a, {}), status: 400 },
];

/**
 * Every bulk and "… all" route fails closed: a body it cannot read, or a filter it does not know, changes
 * nothing (the database compared before and after), where it once acted on every row of the list. The
 * routes are the OpenAPI document's operations whose body carries the contract's mass-action mark, so a
 * new mass action is covered without being listed here.
 */
describe('mass actions fail closed', () => {
  let t: TestApp;
  let actions: MassAction[];
  let fingerprintQuery: ReturnType<typeof sql.raw>;

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await (await t.call('/api/docs/json', { token: null })).json()) as Document;
    actions = Object.entries(document.paths).flatMap(([path, methods]) => {
      const schema = methods.post?.requestBody?.content['application/json']?.schema;
      const kind = schema?.[massActionMark];
      if (!schema || !kind) return [];
      const { all: _all, ...own } = schema.properties ?? {};
      return [{ path, kind, filterKeys: kind === 'bulk' ? (schema.properties?.filter?.properties ?? {}) : own }];
    });

    // Rows every action could change: providers of each kind, active and deactivated users, licenses, waiting requests.
    const kinds: ProviderKind[] = ['doctor', 'pharmacy', 'hospital', 'medical_center', 'company'];
    for (const kind of kinds) {
      const provider = await makeProvider(t.db, kind, { status: 'pending' });
      await makeProvider(t.db, kind, { status: 'onHold' });
      await t.db.insert(licenses).values({
        provider_id: provider.id,
        number: `FAIL-CLOSED-${kind}`,
        path: `licenses/fail-closed-${kind}.pdf`,
        original_name: 'license.pdf',
        mime_type: 'application/pdf',
        expires_on: '2999-01-01',
        status: 'pending',
      });
    }
    const people = await t.db
      .insert(users)
      .values([
        { name: 'Active One', email: `active-${Date.now()}@sehha.test`, password_hash: 'x', role: 'user' },
        { name: 'Asleep One', email: `asleep-${Date.now()}@sehha.test`, password_hash: 'x', role: 'user', is_active: false },
      ])
      .returning({ id: users.id });
    await t.db.insert(changeRequests).values({ user_id: people[0]!.id, changes: { name: 'Renamed' }, status: 0 });

    const tables = await queryRows<{ name: string }>(
      t.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    // Every row of every table, but the login throttle's counts and a token's last use (reads touch it).
    fingerprintQuery = sql.raw(
      tables
        .map((row) => row.name)
        .filter((name) => name !== 'login_attempts')
        .map((name) =>
          name === 'access_tokens'
            ? `select '${name}' as name, coalesce(md5(string_agg(id::text, ',' order by id)), '') as print from access_tokens`
            : `select '${name}' as name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as print from "${name}" t`,
        )
        .join(' union all '),
    );
  });
  afterAll(() => t?.close());

  const fingerprint = async () =>
    Object.fromEntries((await queryRows<{ name: string; print: string }>(t.db, fingerprintQuery)).map((row) => [row.name, row.print]));

  it('finds every bulk and "… all" route by its mark, and no such route without it', async () => {
    const document = (await (await t.call('/api/docs/json', { token: null })).json()) as Document;
    const byPath = Object.entries(document.paths)
      .filter(([path, methods]) => methods.post && /\/bulk\/[^/]+$|-all$/.test(path))
      .map(([path]) => path);
    expect(actions.map((action) => action.path).sort()).toEqual(byPath.sort());
    expect(actions.filter((action) => action.kind === 'all').length).toBe(7);
    // 26 since issue 26 added the providers' bulk hold (one per kind).
    expect(actions.filter((action) => action.kind === 'bulk').length).toBe(26);
  });

  for (const shape of shapes) {
    it(`answers ${shape.status} to ${shape.name} on every mass action, and changes nothing`, async () => {
      for (const action of actions) {
        const before = await fingerprint();
        const response = await t.call(action.path, {
          method: 'POST',
          headers: { 'content-type': shape.contentType },
          body: shape.body(action),
        });
        const answer = await response.text();
        expect(response.status, `${action.path}: ${answer}`).toBe(shape.status);
        expect(JSON.parse(answer), action.path).toHaveProperty('message');
        expect(await fingerprint(), `${action.path} changed the database`).toEqual(before);
      }
    });
  }

  it('acts when the body says "all" as the contract asks (the fingerprint sees a change), and names the count', async () => {
    const before = await fingerprint();
    const response = await t.call('/api/admin/providers/doctors/deactivate-all', { method: 'POST', json: { all: true } });
    expect(await response.json()).toEqual({ message: 'Doctors Deactivated Successfully !', data: { count: 2 } });
    expect(await fingerprint()).not.toEqual(before);
    const form = await t.call('/api/admin/providers/companies/deactivate-all', { method: 'POST', form: { all: '1', status: 'onHold' } });
    expect(((await form.json()) as { data: { count: number } }).data.count).toBe(1);
  });

  it('does nothing for an empty body or an "all" that is not true', async () => {
    for (const json of [undefined, {}, { all: false }, { all: 'yes' }, { search: 'x' }]) {
      const before = await fingerprint();
      const response = await t.call('/api/admin/users/deactivate-all', { method: 'POST', ...(json === undefined ? {} : { json }) });
      expect(response.status, JSON.stringify(json)).toBe(422);
      expect(((await response.json()) as { message: string }).message).toMatch(/^To act on every row the list shows, send "all": true/);
      expect(await fingerprint()).toEqual(before);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { auditLogs } from '../../src/db/schema/audit';
import { licenses, providers } from '../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeAdmin, type MadeAdmin } from '../support/admins';
import { makeProvider } from '../support/providers';

const onPostgres = process.env.TEST_DB === 'postgres';
const rounds = 10;
const rowsPerRound = 40;

type Audit = { entity_id: string | null; before: unknown; after: unknown };
const statusOf = (value: unknown) => (value as { status?: string | undefined } | null)?.status;

/**
 * Two opposite bulk decisions "on every row matching" the same list at once (a reviewer approves while a
 * super admin rejects), over a real socket on PostgreSQL, where requests run in parallel: each row moves
 * at most once per decision, and its audit history is a chain (every row's "before" is the previous
 * row's "after"). The filter path used to read "before" from the statement's snapshot and record the
 * state the other decision had already changed.
 */
describe.runIf(onPostgres)('opposite bulk decisions racing on the same rows (PostgreSQL)', () => {
  let t: TestApp;
  let reviewer: MadeAdmin;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    reviewer = await makeAdmin(t, 'reviewer');
  });
  afterAll(() => t?.close());

  const decide = (path: string, filter: Record<string, unknown>, token: string, details: Record<string, unknown> = {}) =>
    t.call(path, { method: 'POST', json: { filter, ...details }, token }).then(async (response) => {
      expect(response.status, await response.clone().text()).toBe(200);
      return ((await response.json()) as { data: { count: number } }).data.count;
    });

  /** Every audit row of these records, oldest first, is a chain from `initial` to the record's current status. */
  function expectChains(entity: string, current: Map<number, string>, initial: string, audits: Audit[]) {
    for (const [id, status] of current) {
      const history = audits.filter((row) => row.entity_id === String(id));
      let expected = initial;
      for (const row of history) {
        expect(statusOf(row.before), `${entity} ${id}: ${JSON.stringify(history)}`).toBe(expected);
        expected = statusOf(row.after)!;
      }
      expect(status, `${entity} ${id}`).toBe(expected);
      expect(history.length).toBeLessThanOrEqual(2);
    }
  }

  it(`providers: ${rounds} rounds of approve and reject at once over ${rowsPerRound} held doctors`, async () => {
    for (let round = 0; round < rounds; round++) {
      const tag = `Race${round}x${Date.now()}`;
      const made = [];
      for (let i = 0; i < rowsPerRound; i++) made.push(await makeProvider(t.db, 'doctor', { name_en: `${tag} ${i}`, status: 'onHold' }));
      const filter = { search: tag };
      const [approved, rejected] = await Promise.all([
        decide('/api/admin/providers/doctors/bulk/approve', filter, reviewer.token),
        decide('/api/admin/providers/doctors/bulk/reject', filter, t.adminToken, { reason_codes: ['license_expired'] }),
      ]);
      const ids = made.map((p) => p.id);
      const rows = await t.db.select({ id: providers.id, status: providers.status }).from(providers).where(inArray(providers.id, ids));
      const audits = await t.db
        .select({ entity_id: auditLogs.entity_id, before: auditLogs.before, after: auditLogs.after })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'provider'), inArray(auditLogs.entity_id, ids.map(String))))
        .orderBy(asc(auditLogs.id));
      expect(audits).toHaveLength(approved + rejected);
      expectChains('provider', new Map(rows.map((row) => [row.id, row.status])), 'onHold', audits);
    }
  });

  it(`licenses: ${rounds} rounds of approve and reject at once over ${rowsPerRound} pending licenses`, async () => {
    for (let round = 0; round < rounds; round++) {
      const tag = `Licrace${round}x${Date.now()}`;
      const owner = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} pharmacy` });
      const made = await t.db
        .insert(licenses)
        .values(
          Array.from({ length: rowsPerRound }, (_, i) => ({
            provider_id: owner.id,
            number: `${tag}-${i}`,
            path: `licenses/${tag}-${i}.pdf`,
            original_name: 'license.pdf',
            mime_type: 'application/pdf',
            expires_on: '2999-01-01',
            status: 'pending' as const,
          })),
        )
        .returning({ id: licenses.id });
      const filter = { search: tag };
      const [approved, rejected] = await Promise.all([
        decide('/api/admin/licenses/bulk/approve', filter, reviewer.token),
        decide('/api/admin/licenses/bulk/reject', filter, t.adminToken),
      ]);
      const ids = made.map((row) => row.id);
      const rows = await t.db.select({ id: licenses.id, status: licenses.status }).from(licenses).where(inArray(licenses.id, ids));
      const audits = await t.db
        .select({ entity_id: auditLogs.entity_id, before: auditLogs.before, after: auditLogs.after })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'license'), inArray(auditLogs.entity_id, ids.map(String))))
        .orderBy(asc(auditLogs.id));
      expect(audits).toHaveLength(approved + rejected);
      expectChains('license', new Map(rows.map((row) => [row.id, row.status])), 'pending', audits);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { providers } from '../../../src/db/schema/providers';
import { auditLogs } from '../../../src/db/schema/audit';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';

type Answer = { message: string; data?: { count: number }; errors?: Record<string, string[]> };
type Listed = { data: { total: number } };

describe('bulk review decisions on provider lists', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const bulk = async (path: string, json: unknown, language = 'en') => {
    const response = await t.call(`/api/admin/providers/${path}`, { method: 'POST', json, headers: { 'accept-language': language } });
    return { status: response.status, body: (await response.json()) as Answer };
  };
  const statusesOf = async (made: MadeProvider[]) => {
    const rows = await t.db
      .select({ id: providers.id, status: providers.status })
      .from(providers)
      .where(
        inArray(
          providers.id,
          made.map((p) => p.id),
        ),
      );
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  };
  const auditsOf = (made: MadeProvider[]) =>
    t.db
      .select({ entity_id: auditLogs.entity_id, action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.entity, 'provider'),
          inArray(
            auditLogs.entity_id,
            made.map((p) => String(p.id)),
          ),
        ),
      );
  /** The list totals (maintained counters) against an exact count of the same rows, per status. */
  const expectExactCounters = async (slug: string, kind: 'doctor' | 'pharmacy') => {
    for (const status of ['pending', 'approved', 'rejected', 'onHold'] as const) {
      const listed = (await (await t.call(`/api/admin/providers/${slug}?status=${status}`)).json()) as Listed;
      const [exact] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(providers)
        .where(and(eq(providers.kind, kind), eq(providers.status, status), eq(providers.account_active, true)));
      expect(listed.data.total, `${slug} ${status}`).toBe(exact!.n);
    }
  };

  it('approves the selected ids in one go, skips those that cannot move, and audits each change', async () => {
    const pending = await makeProvider(t.db, 'doctor', { status: 'pending' });
    const onHold = await makeProvider(t.db, 'doctor', { status: 'onHold' });
    const approved = await makeProvider(t.db, 'doctor', { status: 'approved' });
    const untouched = await makeProvider(t.db, 'doctor', { status: 'pending' });

    const { status, body } = await bulk('doctors/bulk/approve', { ids: [pending.id, onHold.id, approved.id] });
    expect(status).toBe(200);
    expect(body).toEqual({ message: '2 providers accepted', data: { count: 2 } });
    expect(await statusesOf([pending, onHold, approved, untouched])).toEqual({
      [pending.id]: 'approved',
      [onHold.id]: 'approved',
      [approved.id]: 'approved',
      [untouched.id]: 'pending',
    });
    const audits = await auditsOf([pending, onHold, approved, untouched]);
    expect(audits.map((a) => a.entity_id).sort()).toEqual([String(pending.id), String(onHold.id)].sort());
    expect(audits.find((a) => a.entity_id === String(onHold.id))).toMatchObject({
      action: 'status',
      before: { status: 'onHold' },
      after: { status: 'approved', bulk: true },
    });
    await expectExactCounters('doctors', 'doctor');
  });

  it('rejects everything matching the filter (search and status), re-evaluated on the server, and nothing outside it', async () => {
    const tag = `Bulkfilter${Date.now()}`;
    const inside = [
      await makeProvider(t.db, 'pharmacy', { name_en: `${tag} One`, status: 'pending' }),
      await makeProvider(t.db, 'pharmacy', { name_en: `${tag} Two`, status: 'pending' }),
    ];
    const otherStatus = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} Three`, status: 'approved' });
    const otherName = await makeProvider(t.db, 'pharmacy', { name_en: 'Unrelated pharmacy', status: 'pending' });
    const otherKind = await makeProvider(t.db, 'doctor', { name_en: `${tag} Doctor`, status: 'pending' });

    const { status, body } = await bulk(
      'pharmacies/bulk/reject',
      { filter: { search: tag, status: 'pending' }, reason_codes: ['license_expired'] },
      'ar',
    );
    expect(status).toBe(200);
    expect(body).toEqual({ message: 'تم رفض مقدمَي خدمة', data: { count: 2 } });
    expect(await statusesOf([...inside, otherStatus, otherName, otherKind])).toEqual({
      [inside[0]!.id]: 'rejected',
      [inside[1]!.id]: 'rejected',
      [otherStatus.id]: 'approved',
      [otherName.id]: 'pending',
      [otherKind.id]: 'pending',
    });
    expect(await auditsOf([...inside, otherStatus, otherName, otherKind])).toHaveLength(2);
    await expectExactCounters('pharmacies', 'pharmacy');
  });

  it('changes nothing when one id is not a listed provider of the kind (unknown, another kind, deactivated)', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    const pharmacy = await makeProvider(t.db, 'pharmacy', { status: 'pending' });
    const inactive = await makeProvider(t.db, 'doctor', { status: 'pending', is_active: false });
    for (const stranger of [999_999_999, pharmacy.id, inactive.id]) {
      const { status, body } = await bulk('doctors/bulk/approve', { ids: [doctor.id, stranger] });
      expect(status).toBe(422);
      expect(body.errors?.ids).toEqual([`Provider ${stranger} is not in this list.`]);
    }
    expect(await statusesOf([doctor, pharmacy, inactive])).toEqual({
      [doctor.id]: 'pending',
      [pharmacy.id]: 'pending',
      [inactive.id]: 'pending',
    });
    expect(await auditsOf([doctor, pharmacy, inactive])).toHaveLength(0);
  });

  it.each([
    ['no ids', { ids: [] }, 'ids'],
    ['too many ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, 'ids'],
    ['duplicate ids', { ids: [1, 1] }, 'ids'],
    ['ids that are not ids', { ids: [0, 'x'] }, 'ids.0'],
    ['both ids and filter', { ids: [1], filter: {} }, 'ids'],
    ['neither', {}, 'ids'],
    ['an unknown status in the filter', { filter: { status: 'gone' } }, 'filter.status'],
  ])('answers 422 for %s', async (_, json, field) => {
    const { status, body } = await bulk('doctors/bulk/reject', json);
    expect(status).toBe(422);
    expect(Object.keys(body.errors ?? {})).toContain(field);
  });

  it('is a reviewer decision, not open to the public', async () => {
    const response = await t.call('/api/admin/providers/doctors/bulk/approve', { method: 'POST', json: { ids: [1] }, token: null });
    expect(response.status).toBe(401);
  });
});

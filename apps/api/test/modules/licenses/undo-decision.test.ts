import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/audit';
import { licenses } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';
import { makeAdmin } from '../../support/admins';

type Body = { message: string; data?: { id: number; status: string } };

/** Issue 29: a license decision's toast offers Undo, as a provider decision's does (audit/undo-decision.ts). */
describe('undoing a license decision', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let serial = 0;
  async function makeLicense(status: 'pending' | 'approved' | 'rejected' = 'pending') {
    serial += 1;
    const doctor = await makeProvider(t.db, 'doctor');
    const [license] = await t.db
      .insert(licenses)
      .values({
        provider_id: doctor.id,
        number: `UNDO-L-${serial}-${Date.now()}`,
        path: 'licenses/u.pdf',
        original_name: 'u.pdf',
        mime_type: 'application/pdf',
        expires_on: '2999-01-01',
        status,
      })
      .returning();
    return license!.id;
  }
  const decide = (id: number, status: string, token?: string) =>
    t.call(`/api/admin/licenses/status/${id}`, { method: 'PATCH', json: { status }, token });
  const undo = (id: number, init: { token?: string; language?: string } = {}) =>
    t.call(`/api/admin/licenses/status/${id}/undo`, {
      method: 'POST',
      token: init.token,
      headers: { 'accept-language': init.language ?? 'en' },
    });
  const statusOf = async (id: number) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]?.status;
  const actionsOf = async (id: number) =>
    (
      await t.db
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'license'), eq(auditLogs.entity_id, String(id))))
        .orderBy(asc(auditLogs.id))
    ).map((row) => row.action);

  it('returns an acceptance to pending within the window, audited, in en and ar', async () => {
    const id = await makeLicense();
    expect((await decide(id, 'approved')).status).toBe(200);
    const response = await undo(id, { language: 'ar' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({ message: 'تم التراجع عن القرار', data: { id, status: 'pending' } });
    expect(await statusOf(id)).toBe('pending');
    expect(await actionsOf(id)).toEqual(['status', 'undo']);
    const again = await undo(id);
    expect(again.status).toBe(409);
    expect(((await again.json()) as Body).message).toBe('There is no recent decision of yours on this record to undo.');
  });

  it('refuses after the window, after someone changed it, a bulk decision, and an unknown license', async () => {
    const late = await makeLicense('rejected');
    await t.db.insert(auditLogs).values({
      actor_id: t.adminId,
      action: 'status',
      entity: 'license',
      entity_id: String(late),
      before: { status: 'pending' },
      after: { status: 'rejected' },
      created_at: sql`now() - interval '60 seconds'`,
    });
    const tooLate = await undo(late);
    expect(tooLate.status).toBe(409);
    expect(((await tooLate.json()) as Body).message).toBe('The time to undo this decision has passed: make a new decision instead.');
    expect(await statusOf(late)).toBe('rejected');

    const changed = await makeLicense();
    await decide(changed, 'rejected');
    await t.db.update(licenses).set({ status: 'approved' }).where(eq(licenses.id, changed));
    const refused = await undo(changed, { language: 'ar' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as Body).message).toBe('تغيّر هذا السجل بعد قرارك، لذا لم يعد من الممكن التراجع عنه.');
    expect(await statusOf(changed)).toBe('approved');

    const bulk = await makeLicense();
    expect((await t.call('/api/admin/licenses/bulk/approve', { method: 'POST', json: { ids: [bulk] } })).status).toBe(200);
    expect((await undo(bulk)).status).toBe(409);
    expect(await statusOf(bulk)).toBe('approved');

    expect((await undo(999_999_999)).status).toBe(404);
  });

  it("refuses another admin's undo; an undo raced by another admin's decision leaves one consistent story", async () => {
    const other = await makeAdmin(t, 'reviewer');
    const id = await makeLicense();
    await decide(id, 'approved');
    expect((await undo(id, { token: other.token })).status).toBe(409);
    expect(await statusOf(id)).toBe('approved');

    const [undone, decided] = await Promise.all([undo(id), decide(id, 'rejected', other.token)]);
    const actions = await actionsOf(id);
    if (undone.status === 200) {
      expect(actions.slice(0, 2)).toEqual(['status', 'undo']);
      expect(await statusOf(id)).toBe(decided.status === 200 ? 'rejected' : 'pending');
    } else {
      expect(undone.status).toBe(409);
      expect(decided.status).toBe(200);
      expect(actions).toEqual(['status', 'status']);
      expect(await statusOf(id)).toBe('rejected');
    }
  });
});

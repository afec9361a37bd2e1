import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/audit';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';
import { makeAdmin } from '../../support/admins';

type Body = { message: string; data?: { status: string } };

/** Issue 29: the toast's Undo takes back the admin's own decision within seconds; the audit log keeps both. */
describe('undoing a provider decision', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const decide = (id: number, json: unknown) => t.call(`/api/admin/providers/status/${id}`, { method: 'PATCH', json });
  const undo = (id: number, init: { token?: string; language?: string } = {}) =>
    t.call(`/api/admin/providers/status/${id}/undo`, {
      method: 'POST',
      token: init.token,
      headers: { 'accept-language': init.language ?? 'en' },
    });
  const statusOf = async (provider: MadeProvider) =>
    ((await (await t.call(`/api/admin/providers/show/${provider.id}`)).json()) as { data: { status: string } }).data.status;
  const auditsOf = (provider: MadeProvider) =>
    t.db
      .select({ action: auditLogs.action, before: auditLogs.before, after: auditLogs.after })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'provider'), eq(auditLogs.entity_id, String(provider.id))))
      .orderBy(asc(auditLogs.id));

  it('returns a first acceptance to pending, and the audit log shows the decision and its undo', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    expect((await decide(doctor.id, { status: 'approved' })).status).toBe(200);
    const response = await undo(doctor.id, { language: 'ar' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body.message).toBe('تم التراجع عن القرار');
    expect(body.data?.status).toBe('pending');
    expect(await statusOf(doctor)).toBe('pending');
    const audits = await auditsOf(doctor);
    expect(audits.map((row) => row.action)).toEqual(['status', 'undo']);
    expect(audits[1]).toMatchObject({ before: { status: 'approved' }, after: { status: 'pending' } });
  });

  it('restores a rejection to the status before it, and refuses a second undo', async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'onHold' });
    expect((await decide(doctor.id, { status: 'rejected', reason_codes: ['license_expired'] })).status).toBe(200);
    expect((await undo(doctor.id)).status).toBe(200);
    expect(await statusOf(doctor)).toBe('onHold');
    const again = await undo(doctor.id);
    expect(again.status).toBe(422);
    expect(((await again.json()) as Body).message).toBe('There is no recent decision of yours on this provider to undo.');
    expect(await statusOf(doctor)).toBe('onHold');
  });

  it("refuses another admin's decision, a decision past the window, and a provider never decided on", async () => {
    const doctor = await makeProvider(t.db, 'doctor', { status: 'pending' });
    await decide(doctor.id, { status: 'approved' });
    const other = await makeAdmin(t, 'reviewer');
    expect((await undo(doctor.id, { token: other.token })).status).toBe(422);
    expect(await statusOf(doctor)).toBe('approved');

    // The same admin's decision, a minute old: it stands (a new decision changes it now).
    const older = await makeProvider(t.db, 'doctor', { status: 'approved' });
    await t.db.insert(auditLogs).values({
      actor_id: t.adminId,
      action: 'status',
      entity: 'provider',
      entity_id: String(older.id),
      before: { status: 'pending' },
      after: { status: 'approved' },
      created_at: sql`now() - interval '60 seconds'`,
    });
    expect((await undo(older.id)).status).toBe(422);
    expect(await statusOf(older)).toBe('approved');

    const fresh = await makeProvider(t.db, 'pharmacy', { status: 'pending' });
    expect((await undo(fresh.id)).status).toBe(422);
    expect((await undo(999_999_999)).status).toBe(404);
  });
});

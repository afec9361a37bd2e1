import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dataRequestPaths, type DataRequestEntry } from '@sehha/contract/data-requests';
import { auditLogs } from '../../../src/db/schema/audit';
import { dataRequests } from '../../../src/db/schema/privacy';
import { users } from '../../../src/db/schema/accounts';
import { dataRequestRepository } from '../../../src/modules/data-requests/repository';
import { signInApp } from '../../support/app-accounts';
import { makeAdmin } from '../../support/admins';
import { createTestApp, type TestApp } from '../../support/test-app';

type Body<T> = { message: string; data: T; errors?: Record<string, string[]> };
type Page<T> = Body<{ data: T[]; total: number; current_page: number }>;
const DAY = 86_400_000;

describe('data requests, the admin side (issue 28)', () => {
  let t: TestApp;
  let patient: { userId: number; token: string; phone: string };
  let other: { userId: number; token: string; phone: string };

  const store = (json: unknown, token?: string) => t.call(dataRequestPaths.store, { method: 'POST', json, token });
  const update = (id: number, json: unknown) => t.call(dataRequestPaths.update(id), { method: 'PATCH', json });
  const list = async (query = '') => {
    const response = await t.call(`${dataRequestPaths.list}${query}`);
    expect(response.status, query).toBe(200);
    return ((await response.json()) as Page<DataRequestEntry>).data;
  };
  const audits = (id: number) =>
    t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'data_request'), eq(auditLogs.entity_id, String(id))))
      .orderBy(auditLogs.id);

  beforeAll(async () => {
    t = await createTestApp();
    patient = await signInApp(t, undefined, 'Mona Phone');
    other = await signInApp(t, undefined, 'Karim Letter');
  }, 60_000);
  afterAll(() => t.close());

  it('records a request received by phone (201, audited), and answers the open one when recorded again (200)', async () => {
    const response = await store({ user_id: patient.userId, kind: 'correction', channel: 'phone', note: 'Called to fix her name' });
    const body = (await response.json()) as Body<DataRequestEntry>;
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('The request was recorded.');
    expect(body.data).toMatchObject({
      user: { id: patient.userId, name: 'Mona Phone', role: 'user', erased: false },
      kind: 'correction',
      status: 'received',
      channel: 'phone',
      note: 'Called to fix her name',
      overdue: false,
      handled_by: { id: t.adminId, name: 'Test Admin' },
    });
    expect(new Date(body.data.due_at).getTime() - new Date(body.data.created_at).getTime()).toBeGreaterThan(29 * DAY);
    expect((await audits(body.data.id)).map((row) => row.action)).toEqual(['create']);

    const again = await store({ user_id: patient.userId, kind: 'correction', channel: 'email', note: 'Emailed too' }, undefined);
    const same = (await again.json()) as Body<DataRequestEntry>;
    expect(again.status).toBe(200);
    expect(same.data.id).toBe(body.data.id);
    expect(same.data.note).toBe('Called to fix her name\nEmailed too');
    expect(same.message).toBe('This person already has an open request of this kind: it is shown.');
  });

  it('refuses hostile and impossible inputs with 422 (never 500)', async () => {
    const bad: unknown[] = [
      {},
      { user_id: 'abc', kind: 'access', channel: 'phone', note: 'x' },
      { user_id: patient.userId, kind: 'delete_everything', channel: 'phone', note: 'x' },
      { user_id: patient.userId, kind: 'access', channel: 'pigeon', note: 'x' },
      { user_id: patient.userId, kind: 'access', channel: 'phone' },
      { user_id: patient.userId, kind: 'access', channel: 'phone', note: '   ' },
      { user_id: patient.userId, kind: 'access', channel: 'phone', note: 'x'.repeat(1001) },
      { user_id: -1, kind: 'access', channel: 'phone', note: 'x' },
      { user_id: '1 or 1=1', kind: 'access', channel: 'phone', note: 'x' },
      { user_id: 99_999_999, kind: 'access', channel: 'phone', note: 'x' },
      { user_id: t.adminId, kind: 'access', channel: 'phone', note: 'x' },
      [],
      'user_id=1',
    ];
    for (const json of bad) {
      const response = await store(json);
      expect(response.status, JSON.stringify(json)).toBe(422);
    }
    const unknown = await store({ user_id: 99_999_999, kind: 'access', channel: 'phone', note: 'x' });
    expect(((await unknown.json()) as Body<unknown>).errors).toEqual({ user_id: ['No such account.'] });

    for (const query of ['?status=lost', '?kind=x', '?user_id=abc', '?overdue=maybe', '?page=0', '?per_page=100000']) {
      expect((await t.call(`${dataRequestPaths.list}${query}`)).status, query).toBe(422);
    }
    for (const [id, json] of [
      ['abc', { action: 'note', note: 'x' }],
      [1, { action: 'erase', note: 'x' }],
      [1, { action: 'note' }],
      [1, { action: 'note', note: '' }],
    ] as const) {
      const response = await t.call(dataRequestPaths.update(id), { method: 'PATCH', json });
      expect(response.status, JSON.stringify([id, json])).toBe(422);
    }
    expect((await update(99_999_999, { action: 'note', note: 'x' })).status).toBe(404);
  });

  it('lists open requests first, oldest deadline first, with overdue ones marked and filterable', async () => {
    // An access request received by letter 40 days ago: past its 30-day deadline.
    const late = await t.db.transaction((tx) =>
      dataRequestRepository.open(tx, {
        userId: other.userId,
        kind: 'erasure',
        channel: 'letter',
        note: 'Letter of 1 October',
        dueAt: new Date(Date.now() - 10 * DAY),
      }),
    );
    const page = await list();
    expect(page.data[0]).toMatchObject({ id: late.row.id, overdue: true, status: 'received' });
    const open = page.data.filter((row) => row.status === 'received' || row.status === 'in_progress');
    expect(open.map((row) => row.due_at)).toEqual([...open.map((row) => row.due_at)].sort());

    expect((await list('?overdue=1')).data.map((row) => row.id)).toEqual([late.row.id]);
    expect((await list('?overdue=0')).data.map((row) => row.id)).not.toContain(late.row.id);
    expect((await list(`?user_id=${patient.userId}`)).data.every((row) => row.user.id === patient.userId)).toBe(true);
    expect((await list('?kind=correction')).data.every((row) => row.kind === 'correction')).toBe(true);
    expect((await list('?status=rejected')).total).toBe(0);
  });

  it('rejects a request with a note (audited), and refuses to act on a closed one (409)', async () => {
    const recorded = (await (
      await store({ user_id: other.userId, kind: 'access', channel: 'email', note: 'Asked by email' })
    ).json()) as Body<DataRequestEntry>;
    const response = await update(recorded.data.id, { action: 'reject', note: 'Could not verify the sender' });
    const body = (await response.json()) as Body<DataRequestEntry>;
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.message).toBe('The request was rejected.');
    expect(body.data).toMatchObject({ status: 'rejected', note: 'Asked by email\nCould not verify the sender' });
    expect(body.data.completed_at).not.toBeNull();
    expect((await audits(recorded.data.id)).map((row) => row.action)).toEqual(['create', 'reject']);

    for (const action of ['run', 'reject'] as const) expect((await update(recorded.data.id, { action, note: 'again' })).status).toBe(409);
    // A note is still welcome on a closed request, through the dashboard's POST with _method too.
    const noted = await t.call(dataRequestPaths.update(recorded.data.id), {
      method: 'POST',
      json: { _method: 'PATCH', action: 'note', note: 'Told him by email' },
      headers: { 'accept-language': 'ar' },
    });
    expect(noted.status).toBe(200);
    expect(((await noted.json()) as Body<unknown>).message).toBe('تمت إضافة الملاحظة.');
    expect((await audits(recorded.data.id)).map((row) => row.action)).toEqual(['create', 'reject', 'note']);
  });

  it('runs requests: a correction completes, an access request is queued for its archive', async () => {
    const [correction] = (await list(`?user_id=${patient.userId}&kind=correction`)).data;
    const done = await update(correction!.id, { action: 'run', note: 'Name corrected in the users screen' });
    const doneBody = (await done.json()) as Body<DataRequestEntry>;
    expect(done.status, JSON.stringify(doneBody)).toBe(200);
    expect(doneBody.data.status).toBe('completed');
    expect((await audits(correction!.id)).map((row) => row.action)).toEqual(['create', 'note', 'run']);

    const access = (await (
      await store({ user_id: patient.userId, kind: 'access', channel: 'in_person', note: 'At the office' })
    ).json()) as Body<DataRequestEntry>;
    await t.db.update(dataRequests).set({ last_error: 'disk full' }).where(eq(dataRequests.id, access.data.id));
    const queued = await update(access.data.id, { action: 'run', note: 'Try again' });
    const queuedBody = (await queued.json()) as Body<DataRequestEntry>;
    expect(queued.status).toBe(200);
    expect(queuedBody.message).toBe('The archive is being prepared; the person will receive its link.');
    expect(queuedBody.data).toMatchObject({ status: 'received', last_error: null });
  });

  it('runs an erasure received by letter: the account is erased, the request completed by the admin and audited', async () => {
    const erasure = (await (
      await store({ user_id: patient.userId, kind: 'erasure', channel: 'letter', note: 'Signed letter' })
    ).json()) as Body<DataRequestEntry>;
    const response = await update(erasure.data.id, { action: 'run', note: 'Identity checked' });
    expect(response.status).toBe(200);
    const [row] = await t.db.select().from(dataRequests).where(eq(dataRequests.id, erasure.data.id));
    expect(row).toMatchObject({ status: 'completed', last_error: null, handled_by: t.adminId });
    const [account] = await t.db.select({ name: users.name, erased: users.erased_at }).from(users).where(eq(users.id, patient.userId));
    expect(account!.name).toBe(`Deleted patient #${patient.userId}`);
    expect(account!.erased).not.toBeNull();
    const audited = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'data_request'), eq(auditLogs.entity_id, String(erasure.data.id))));
    expect(audited.map((entry) => entry.action)).toContain('run');
    // Run again: the request is closed.
    expect((await update(erasure.data.id, { action: 'run', note: 'Again' })).status).toBe(409);
  });

  it('answers only super admins (privacy.manage): 403 for reviewers and viewers, 401 for app tokens', async () => {
    for (const role of ['reviewer', 'viewer'] as const) {
      const admin = await makeAdmin(t, role);
      expect((await t.call(dataRequestPaths.list, { token: admin.token })).status, role).toBe(403);
      expect((await store({ user_id: patient.userId, kind: 'access', channel: 'phone', note: 'x' }, admin.token)).status, role).toBe(403);
      expect(
        (await t.call(dataRequestPaths.update(1), { method: 'PATCH', token: admin.token, json: { action: 'note', note: 'x' } })).status,
      ).toBe(403);
    }
    expect((await t.call(dataRequestPaths.list, { token: patient.token })).status).toBe(401);
    expect((await t.call(dataRequestPaths.list, { token: null })).status).toBe(401);
  });
});

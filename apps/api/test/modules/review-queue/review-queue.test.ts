import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { reviewQueueMessages } from '@sehha/contract/review-queue';
import { changeRequests } from '../../../src/db/schema/change-requests';
import { licenses, providerAttachments, providers } from '../../../src/db/schema/providers';
import { auditLogs } from '../../../src/db/schema/audit';
import { reviewClaims } from '../../../src/db/schema/review-queue';
import { users } from '../../../src/db/schema/accounts';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeAdmin, type MadeAdmin } from '../../support/admins';
import { makeProvider } from '../../support/providers';

type Item = { record: string; queue: string; id: number; created_at: string; claim_expires_at: string; [key: string]: unknown };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

/** A moment `minutes` after a fixed morning: the queue's order is the records' age. */
const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 8, minutes)).toISOString();

describe('review queue (issue 29)', () => {
  let t: TestApp;
  let reviewer: MadeAdmin;
  let viewer: MadeAdmin;
  beforeAll(async () => {
    t = await createTestApp();
    reviewer = await makeAdmin(t, 'reviewer');
    viewer = await makeAdmin(t, 'viewer');
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Each test builds its own queue: nothing else waits.
    await t.db.delete(reviewClaims);
    await t.db.update(providers).set({ status: 'approved' }).where(eq(providers.status, 'pending'));
    await t.db.update(licenses).set({ status: 'approved' }).where(eq(licenses.status, 'pending'));
    await t.db.update(changeRequests).set({ status: 1 }).where(eq(changeRequests.status, 0));
  });

  const next = (body: Record<string, unknown> = {}, token = t.adminToken, language = 'en') =>
    t.call('/api/admin/review-queue/next', { method: 'POST', json: body, token, headers: { 'accept-language': language } });
  const nextItem = async (body: Record<string, unknown> = {}, token = t.adminToken) => {
    const response = await next(body, token);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: Item | null }).data;
  };
  const decide = (slug: string, id: number, body: Record<string, unknown>, token = t.adminToken, language = 'en') =>
    t.call(`/api/admin/review-queue/${slug}/${id}/decide`, { method: 'POST', json: body, token, headers: { 'accept-language': language } });

  async function license(ownerId: number, minutes: number) {
    const [row] = await t.db
      .insert(licenses)
      .values({
        provider_id: ownerId,
        number: `L-${minutes}-${Date.now()}`,
        path: `licenses/l-${minutes}.pdf`,
        original_name: 'license.pdf',
        mime_type: 'application/pdf',
        expires_on: '2999-01-01',
        status: 'pending',
        created_at: at(minutes),
      })
      .returning({ id: licenses.id });
    return row!.id;
  }
  async function changeRequest(userId: number, minutes: number, changes: Record<string, unknown> = { address: 'New street 5' }) {
    const [row] = await t.db
      .insert(changeRequests)
      .values({ user_id: userId, changes, status: 0, created_at: at(minutes) })
      .returning();
    return row!.id;
  }

  /** Oldest first across kinds: a doctor (8:01), a license (8:02), a change request (8:03), a pharmacy (8:04). */
  async function mixedQueue() {
    const doctor = await makeProvider(t.db, 'doctor', { created_at: at(1) });
    await t.db.insert(providerAttachments).values({
      provider_id: doctor.id,
      kind: 'license',
      path: 'providers/doc.pdf',
      original_name: 'doc.pdf',
      mime_type: 'application/pdf',
      size: 10,
    });
    const owner = await makeProvider(t.db, 'hospital', { status: 'approved', created_at: at(0) });
    const licenseId = await license(owner.id, 2);
    const requestId = await changeRequest(owner.userId, 3);
    const pharmacy = await makeProvider(t.db, 'pharmacy', { created_at: at(4) });
    return { doctor, owner, licenseId, requestId, pharmacy };
  }

  it('counts each queue, hands out the oldest record first with its documents, and walks it with J/K', async () => {
    const { doctor, licenseId, requestId, pharmacy } = await mixedQueue();
    // A license of a provider still pending is decided with its application: not a record of its own.
    await license(doctor.id, 0);

    const counts = await t.call('/api/admin/review-queue');
    expect(counts.status).toBe(200);
    const { data } = (await counts.json()) as { data: { counts: Record<string, number>; total: number } };
    expect(data.counts).toMatchObject({ doctors: 1, pharmacies: 1, hospitals: 0, licenses: 1, 'change-requests': 1 });
    expect(data.total).toBe(4);

    const first = await nextItem();
    expect(first).toMatchObject({ record: 'provider', queue: 'doctors', id: doctor.id });
    const documents = (first as unknown as { documents: { name: string; url: string }[] }).documents;
    expect(documents).toEqual([expect.objectContaining({ name: 'doc.pdf', url: expect.stringMatching(/^\/storage\//) })]);
    expect(Date.parse(first!.claim_expires_at) - Date.now()).toBeGreaterThan(240_000);

    const order = [first];
    for (let i = 0; i < 3; i++) order.push(await nextItem({ after: { record: order.at(-1)!.record, id: order.at(-1)!.id } }));
    expect(order.map((item) => [item!.record, item!.id])).toEqual([
      ['provider', doctor.id],
      ['license', licenseId],
      ['change_request', requestId],
      ['provider', pharmacy.id],
    ]);
    expect(await nextItem({ after: { record: 'provider', id: pharmacy.id } })).toBeNull();
    // K: back to the one before; an admin holds one record at a time.
    const back = await nextItem({ before: { record: 'provider', id: pharmacy.id } });
    expect(back).toMatchObject({ record: 'change_request', id: requestId });
    const held = await t.db.select().from(reviewClaims).where(eq(reviewClaims.admin_id, t.adminId));
    expect(held.map((claim) => [claim.kind, claim.record_id])).toEqual([['change_request', requestId]]);

    // One queue only.
    expect(await nextItem({ kind: 'pharmacies' })).toMatchObject({ id: pharmacy.id });
    expect(await nextItem({ kind: 'companies' })).toBeNull();
    // A record that does not exist is no place in the order: the queue starts from its beginning.
    expect(await nextItem({ after: { record: 'license', id: 999_999 } })).toMatchObject({ id: doctor.id });
  });

  it('never hands two admins the same record; an expired claim is free again', async () => {
    const { doctor, licenseId } = await mixedQueue();
    expect(await nextItem({}, t.adminToken)).toMatchObject({ id: doctor.id });
    expect(await nextItem({}, reviewer.token)).toMatchObject({ record: 'license', id: licenseId });
    // The reviewer's "next" from the start skips the doctor the super admin holds.
    expect(await nextItem({}, reviewer.token)).toMatchObject({ record: 'license', id: licenseId });

    await t.db
      .update(reviewClaims)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(reviewClaims.admin_id, t.adminId));
    expect(await nextItem({}, reviewer.token)).toMatchObject({ record: 'provider', id: doctor.id });

    // Renewing a claim another admin holds is refused; releasing one's own frees it.
    const renew = await t.call(`/api/admin/review-queue/providers/${doctor.id}/renew`, { method: 'PUT' });
    expect(renew.status).toBe(409);
    const release = await t.call(`/api/admin/review-queue/providers/${doctor.id}/claim`, { method: 'DELETE', token: reviewer.token });
    expect(release.status).toBe(200);
    const renewed = await t.call(`/api/admin/review-queue/providers/${doctor.id}/renew`, { method: 'PUT' });
    expect(renewed.status).toBe(200);
  });

  it('decides through the records’ own decisions, audited; refuses a claimed or already decided record with 409 in both languages', async () => {
    const { doctor, licenseId, requestId, pharmacy } = await mixedQueue();
    expect(await nextItem({}, reviewer.token)).toMatchObject({ id: doctor.id });

    const claimed = await decide('providers', doctor.id, { decision: 'accept', expected_status: 'pending' }, t.adminToken, 'ar');
    expect(claimed.status).toBe(409);
    expect(((await claimed.json()) as ErrorBody).message).toBe(reviewQueueMessages.claimedByOther.ar);

    const missingReason = await decide('providers', doctor.id, { decision: 'reject', expected_status: 'pending' }, reviewer.token);
    expect(missingReason.status).toBe(422);
    expect(Object.keys(((await missingReason.json()) as ErrorBody).errors ?? {})).toContain('reason_codes');

    const rejected = await decide(
      'providers',
      doctor.id,
      { decision: 'reject', expected_status: 'pending', reason_codes: ['license_expired'] },
      reviewer.token,
    );
    expect(rejected.status, await rejected.clone().text()).toBe(200);
    expect(await rejected.json()).toMatchObject({ message: 'Rejected.', data: { record: 'provider', id: doctor.id, status: 'rejected' } });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'provider'), eq(auditLogs.entity_id, String(doctor.id))));
    expect(audit).toMatchObject({ actor_id: reviewer.id, action: 'status', after: expect.objectContaining({ status: 'rejected' }) });
    expect(await t.db.select().from(reviewClaims).where(eq(reviewClaims.record_id, doctor.id))).toEqual([]);

    // Decided since the admin saw it pending: refused, nothing changed (a rejected doctor could otherwise be approved).
    const stale = await decide('providers', doctor.id, { decision: 'accept', expected_status: 'pending' }, t.adminToken);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).message).toBe(reviewQueueMessages.decidedByOther.en);
    const [still] = await t.db.select({ status: providers.status }).from(providers).where(eq(providers.id, doctor.id));
    expect(still!.status).toBe('rejected');

    // Holding a license is not a decision licenses have; accepting one is.
    expect((await decide('licenses', licenseId, { decision: 'hold', expected_status: 'pending' })).status).toBe(422);
    expect((await decide('licenses', licenseId, { decision: 'accept', expected_status: 'pending' })).status).toBe(200);
    // Accepting a change request applies it, as on its list.
    expect((await decide('change-requests', requestId, { decision: 'accept', expected_status: 0 })).status).toBe(200);
    const [owner] = await t.db
      .select({ address: providers.address })
      .from(providers)
      .innerJoin(changeRequests, eq(changeRequests.user_id, providers.user_id))
      .where(eq(changeRequests.id, requestId));
    expect(owner!.address).toBe('New street 5');
    // A hold needs what is missing, as on the list.
    expect(
      (await decide('providers', pharmacy.id, { decision: 'hold', expected_status: 'pending', reason_note: 'Send the tax card' })).status,
    ).toBe(200);
    expect(await nextItem()).toBeNull();
  });

  it('needs the decisions’ permissions: a viewer sees the counts but gets no record and decides nothing', async () => {
    const { doctor } = await mixedQueue();
    expect((await t.call('/api/admin/review-queue', { token: viewer.token })).status).toBe(200);
    // "Next" is a read: a viewer is answered the empty queue (no record claimed); deciding needs the permission.
    const viewerNext = await next({}, viewer.token);
    expect(viewerNext.status).toBe(200);
    expect(((await viewerNext.json()) as { data: unknown }).data).toBeNull();
    expect(await t.db.select().from(reviewClaims).where(eq(reviewClaims.admin_id, viewer.id))).toEqual([]);
    expect((await decide('providers', doctor.id, { decision: 'accept', expected_status: 'pending' }, viewer.token)).status).toBe(403);
    expect((await next({ kind: 'nurses' })).status).toBe(422);
    expect((await next({ after: { record: 'provider', id: 1 }, before: { record: 'provider', id: 1 } })).status).toBe(422);
    expect((await decide('providers', 0, { decision: 'accept', expected_status: 'pending' })).status).toBe(422);
    expect((await decide('providers', 999_999, { decision: 'accept', expected_status: 'pending' })).status).toBe(404);
  });

  it('lists what waits oldest first by default; other orders stay a choice', async () => {
    const older = await makeProvider(t.db, 'company', { created_at: at(1) });
    const newer = await makeProvider(t.db, 'company', { created_at: at(2) });
    const ids = async (path: string) =>
      ((await (await t.call(path)).json()) as { data: { data: { id: number }[] } }).data.data.map((row) => row.id);
    expect(await ids('/api/admin/providers/companies?status=pending')).toEqual([older.id, newer.id]);
    expect(await ids('/api/admin/providers/companies?status=pending&sort=created_at&direction=desc')).toEqual([newer.id, older.id]);
    expect((await ids('/api/admin/providers/companies')).slice(0, 2)).toEqual([newer.id, older.id]);

    const owner = await makeProvider(t.db, 'pharmacy', { status: 'approved' });
    const first = await license(owner.id, 1);
    const second = await license(owner.id, 2);
    expect((await ids('/api/admin/licenses?status=pending')).slice(0, 2)).toEqual([first, second]);

    const [account] = await t.db.select({ id: users.id }).from(users).where(eq(users.id, owner.userId));
    const a = await changeRequest(account!.id, 5);
    const b = await changeRequest(newer.userId, 6);
    const list = ((await (await t.call('/api/admin/change-requests')).json()) as { data: { id: number; status: number }[] }).data;
    expect(list.filter((row) => row.status === 0).map((row) => row.id)).toEqual([a, b]);
    expect(list.findIndex((row) => row.status !== 0)).toBeGreaterThan(1);
  });
});

/**
 * Over a real socket (requests in parallel on PostgreSQL): two admins asking for the next record at once get
 * different ones, and two decisions of one record end in one 200 and one 409.
 */
describe('review queue races over a real socket', () => {
  let t: TestApp;
  let reviewer: MadeAdmin;
  beforeAll(async () => {
    t = await createTestApp({ listen: true });
    reviewer = await makeAdmin(t, 'reviewer');
  });
  afterAll(() => t?.close());

  it('two admins never get the same record; one record decided twice at once is one 200 and one 409', async () => {
    for (let round = 0; round < 5; round++) {
      await t.db.delete(reviewClaims);
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await makeProvider(t.db, 'doctor', { created_at: at(round * 10 + i) }));
      const ask = (token: string) =>
        t.call('/api/admin/review-queue/next', { method: 'POST', json: { kind: 'doctors' }, token }).then(async (response) => {
          expect(response.status).toBe(200);
          return ((await response.json()) as { data: Item }).data.id;
        });
      const [mine, theirs] = await Promise.all([ask(t.adminToken), ask(reviewer.token)]);
      expect(mine).not.toBe(theirs);
      expect(made.map((p) => p.id)).toEqual(expect.arrayContaining([mine, theirs]));

      // Both decide the record nobody holds at once: one wins, the other is told it was decided (or is held) by someone else.
      const free = made.find((p) => p.id !== mine && p.id !== theirs)!.id;
      const decideAs = (token: string, decision: string) =>
        t.call(`/api/admin/review-queue/providers/${free}/decide`, {
          method: 'POST',
          json: { decision, expected_status: 'pending', ...(decision === 'reject' ? { reason_note: 'Unreadable' } : {}) },
          token,
        });
      const answers = await Promise.all([decideAs(t.adminToken, 'accept'), decideAs(reviewer.token, 'reject')]);
      expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
      const audits = await t.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.entity, 'provider'), eq(auditLogs.entity_id, String(free))));
      expect(audits).toHaveLength(1);
      for (const p of made) await t.db.update(providers).set({ status: 'approved' }).where(eq(providers.id, p.id));
    }
  });
});

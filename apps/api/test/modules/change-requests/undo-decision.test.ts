import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { providers } from '../../../src/db/schema/providers';
import { changeRequests } from '../../../src/db/schema/change-requests';
import { outbox } from '../../../src/db/schema/outbox';
import { auditLogs } from '../../../src/db/schema/audit';
import { OutboxDeliverer } from '../../../src/outbox/deliverer';
import type { ClaimedMessage } from '../../../src/outbox/outbox-repository';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeAdmin } from '../../support/admins';

type Body = { message: string; data?: { id: number; status: number; reason: string | null; decided_at: string | null } };

let serial = 0;

/** Issue 29: a change request decision's toast offers Undo; an acceptance's change is taken back with it. */
describe('undoing a change request decision', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function doctorWithRequest(changes: Record<string, unknown>) {
    serial += 1;
    const stamp = `${serial}-${Date.now()}`;
    const [account] = await t.db
      .insert(users)
      .values({
        name: `Doctor ${stamp}`,
        email: `undo-cr-${stamp}@sehha.test`,
        phone: `+2010777${String(serial).padStart(5, '0')}`,
        password_hash: 'x',
        role: 'doctor',
        language: 'en',
      })
      .returning();
    const [provider] = await t.db
      .insert(providers)
      .values({ kind: 'doctor', user_id: account!.id, name_ar: 'د. قديم', name_en: 'Dr. Old', consultation_fee: 200 })
      .returning();
    const [request] = await t.db.insert(changeRequests).values({ user_id: account!.id, changes }).returning();
    return { userId: account!.id, phone: account!.phone!, providerId: provider!.id, requestId: request!.id };
  }
  const decide = (id: number, json: Record<string, unknown>, token?: string) =>
    t.call(`/api/admin/change-requests/${id}`, { method: 'PATCH', json, token });
  const undo = (id: number, init: { token?: string; language?: string } = {}) =>
    t.call(`/api/admin/change-requests/${id}/undo`, {
      method: 'POST',
      token: init.token,
      headers: { 'accept-language': init.language ?? 'en' },
    });
  const noticesTo = (userId: number) => t.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.user_id, userId));
  const profileOf = async (made: { userId: number; providerId: number }) => ({
    account: (await t.db.select({ name: users.name, phone: users.phone }).from(users).where(eq(users.id, made.userId)))[0],
    provider: (
      await t.db
        .select({ name_en: providers.name_en, fee: providers.consultation_fee })
        .from(providers)
        .where(eq(providers.id, made.providerId))
    )[0],
  });
  const sent: ClaimedMessage[] = [];
  const record = { send: (message: ClaimedMessage) => Promise.resolve(void sent.push(message)) };
  const deliver = () => new OutboxDeliverer(t.db, { drivers: { sms: record, email: record } }).deliverDue();

  it('takes back an acceptance: the old values return, the request waits again, its notice never leaves', async () => {
    const made = await doctorWithRequest({ name: 'Dr. New', consultation_fee: 350.5, phone: '+201099988877' });
    const before = await profileOf(made);
    expect((await decide(made.requestId, { status: 1 })).status).toBe(200);
    expect(await profileOf(made)).toEqual({
      account: { name: 'Dr. New', phone: '+201099988877' },
      provider: { name_en: 'Dr. New', fee: 350.5 },
    });
    // The notice waits out the Undo window (30 s): a deliverer running now leaves it alone.
    await deliver();
    expect(sent.filter((message) => message.recipient === made.phone)).toEqual([]);
    expect((await noticesTo(made.userId)).every((row) => row.status === 'pending')).toBe(true);
    const response = await undo(made.requestId, { language: 'ar' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Body;
    expect(body).toMatchObject({
      message: 'تم التراجع عن القرار',
      data: { id: made.requestId, status: 0, reason: null, decided_at: null },
    });
    expect(await profileOf(made)).toEqual(before);
    const notices = await noticesTo(made.userId);
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((row) => row.status === 'cancelled')).toBe(true);
    await deliver();
    expect(sent.filter((message) => message.recipient === made.phone)).toEqual([]);
    // Waiting again: it can be decided anew.
    expect((await decide(made.requestId, { status: 2, reason: 'No' })).status).toBe(200);
  });

  it('takes back a rejection whose notice was sent, and says the requester was already told', async () => {
    const made = await doctorWithRequest({ name: 'Dr. Other' });
    await decide(made.requestId, { status: 2, reason: 'Blurry' });
    // As if the Undo window had passed as the deliverer ran.
    await t.db
      .update(outbox)
      .set({ due_at: sql`now()` })
      .where(eq(outbox.user_id, made.userId));
    await deliver();
    const response = await undo(made.requestId);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Body).message).toBe(
      'Decision undone. The provider had already been told of it: tell them it was taken back.',
    );
    expect((await noticesTo(made.userId)).every((row) => row.status === 'sent')).toBe(true);
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, made.requestId));
    expect(row).toMatchObject({ status: 0, reason: null, decided_by: null, decided_at: null });
  });

  it('refuses when the account changed since, after the window, a second time, or for another admin', async () => {
    const made = await doctorWithRequest({ phone: '+201011122233' });
    await decide(made.requestId, { status: 1 });
    await t.db.update(users).set({ phone: '+201044455566' }).where(eq(users.id, made.userId));
    const changed = await undo(made.requestId);
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as Body).message).toBe(
      'This record changed after your decision, so the decision can no longer be undone.',
    );
    expect((await profileOf(made)).account?.phone).toBe('+201044455566');

    const other = await makeAdmin(t, 'reviewer');
    const mine = await doctorWithRequest({ name: 'Dr. Mine' });
    await decide(mine.requestId, { status: 2 });
    expect((await undo(mine.requestId, { token: other.token })).status).toBe(409);
    expect((await undo(mine.requestId)).status).toBe(200);
    expect((await undo(mine.requestId)).status).toBe(409);

    const late = await doctorWithRequest({ name: 'Dr. Late' });
    // Decided a minute ago (the audit log is append-only: the row is written so, not aged).
    await t.db.update(changeRequests).set({ status: 2 }).where(eq(changeRequests.id, late.requestId));
    await t.db.insert(auditLogs).values({
      actor_id: t.adminId,
      action: 'reject',
      entity: 'change_request',
      entity_id: String(late.requestId),
      before: { status: 0 },
      after: { status: 2 },
      created_at: sql`now() - interval '60 seconds'`,
    });
    const tooLate = await undo(late.requestId);
    expect(tooLate.status).toBe(409);
    expect(((await tooLate.json()) as Body).message).toBe('The time to undo this decision has passed: make a new decision instead.');
    expect((await undo(999_999_999)).status).toBe(404);
  });

  it("an undo raced by another admin's decision leaves one consistent story", async () => {
    const other = await makeAdmin(t, 'reviewer');
    const made = await doctorWithRequest({ name: 'Dr. Raced' });
    await decide(made.requestId, { status: 2 });
    const [undone, decided] = await Promise.all([undo(made.requestId), decide(made.requestId, { status: 1 }, other.token)]);
    expect(undone.status).toBe(200);
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, made.requestId));
    // Either the other admin's acceptance came after the undo (accepted) or before it (refused: already decided).
    if (decided.status === 200) expect(row?.status).toBe(1);
    else {
      expect(decided.status).toBe(422);
      expect(row?.status).toBe(0);
    }
  });
});

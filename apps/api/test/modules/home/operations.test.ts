import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { changeRequests } from '../../../src/db/schema/change-requests';
import { outbox } from '../../../src/db/schema/outbox';
import { paymentIntents } from '../../../src/db/schema/payment-intents';
import { licenses } from '../../../src/db/schema/providers';
import { payments } from '../../../src/db/schema/subscriptions';
import { createOperationsService } from '../../../src/modules/home/operations-service';
import { localDate } from '../../../src/modules/licenses/repository';
import type { OperationsHome } from '@sehha/contract/home';
import { createTestApp, type TestApp } from '../../support/test-app';
import { pageCacheOf } from '../../../src/db/page-cache';
import { makeProvider } from '../../support/providers';
import { makeAdmin } from '../../support/admins';

/**
 * "Now" is 09:30 UTC on 10 March 2026, 11:30 in Cairo (UTC+2): Cairo's today began at 22:00 UTC on 9 March, and
 * yesterday so far is 22:00 UTC on 8 March to 09:30 UTC on 9 March.
 */
const now = new Date('2026-03-10T09:30:00Z');
const at = (iso: string) => iso;

describe('the operations home', () => {
  let t: TestApp;
  let body: OperationsHome;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const doctor = await makeProvider(t.db, 'doctor', { submitted_at: at('2026-03-07T09:30:00Z') });
    await makeProvider(t.db, 'doctor', { submitted_at: at('2026-03-09T12:00:00Z') });
    await makeProvider(t.db, 'doctor', { status: 'approved', submitted_at: at('2026-01-01T00:00:00Z') });
    // A deactivated account's application waits outside the doctors list, and so outside its card.
    await makeProvider(t.db, 'doctor', { submitted_at: at('2026-03-01T09:00:00Z'), is_active: false });
    await makeProvider(t.db, 'medical_center', { submitted_at: at('2026-03-10T08:00:00Z') });
    const file = { path: 'licenses/l.pdf', original_name: 'l.pdf', mime_type: 'application/pdf' };
    await t.db.insert(licenses).values([
      { ...file, provider_id: doctor.id, number: 'P1', expires_on: '2027-01-01', created_at: at('2026-03-01T10:00:00Z') },
      { ...file, provider_id: doctor.id, number: 'P2', expires_on: '2027-01-01', created_at: at('2026-03-05T10:00:00Z') },
      // Expiring within 30 days of Cairo's 10 March: today and 9 April count; yesterday's and 10 April's do not.
      ...['2026-03-09', '2026-03-10', '2026-04-09', '2026-04-10'].map((expires_on, i) => ({
        ...file,
        provider_id: doctor.id,
        number: `A${i}`,
        status: 'approved' as const,
        expires_on,
      })),
    ]);
    await t.db.insert(changeRequests).values([
      { user_id: doctor.userId, changes: { name: 'x' }, created_at: at('2026-02-20T06:00:00Z') },
      { user_id: doctor.userId, changes: { name: 'y' }, status: 1, created_at: at('2026-01-20T06:00:00Z') },
    ]);
    // Users and revenue are compared hour for hour: yesterday's 09:00 hour counts, its 10:00 hour does not.
    const people = await t.db
      .insert(users)
      .values(
        ['2026-03-09T22:30:00Z', '2026-03-10T08:10:00Z', '2026-03-09T09:10:00Z', '2026-03-09T10:10:00Z'].map((created_at, i) => ({
          name: `p${i}`,
          email: `ops-${i}@sehha.test`,
          password_hash: 'x',
          role: 'user' as const,
          created_at,
        })),
      )
      .returning({ id: users.id });
    const patient = people[0]!.id;
    await t.db.insert(payments).values([
      { user_id: patient, amount: 100, method: 'card', paid_at: at('2026-03-10T07:00:00Z') },
      { user_id: patient, amount: 40, method: 'card', paid_at: at('2026-03-09T08:00:00Z') },
      { user_id: patient, amount: 500, method: 'card', paid_at: at('2026-03-09T15:00:00Z') },
    ]);
    // Bookings by creation time across Cairo's midnight (22:00 UTC); each visit at its own hour.
    let hour = 0;
    const visit = (created_at: string, extra: Partial<typeof appointments.$inferInsert> = {}) => {
      hour += 1;
      return {
        user_id: patient,
        provider_id: doctor.id,
        starts_at: new Date(Date.UTC(2026, 3, 1, hour)).toISOString(),
        ends_at: new Date(Date.UTC(2026, 3, 1, hour, 30)).toISOString(),
        created_at,
        updated_at: created_at,
        ...extra,
      };
    };
    const booked = await t.db
      .insert(appointments)
      .values([
        visit('2026-03-09T22:05:00Z'), // today in Cairo, yesterday in UTC
        visit('2026-03-10T09:00:00Z'),
        visit('2026-03-09T05:00:00Z'), // yesterday, before the same time
        visit('2026-03-09T21:55:00Z'), // yesterday, after the same time
        visit('2026-03-10T09:10:00Z', { status: 'held' }), // a checkout, not a booking
        visit('2026-03-10T09:10:00Z', { status: 'cancelled', cancelled_by: 'system' }), // a hold released unpaid
        // Booked last week, cancelled by the patient today (and by the provider yesterday: not today's).
        visit('2026-03-01T09:00:00Z', { status: 'cancelled', cancelled_by: 'patient', updated_at: '2026-03-10T07:00:00Z' }),
        visit('2026-03-01T09:00:00Z', { status: 'cancelled', cancelled_by: 'provider', updated_at: '2026-03-09T21:00:00Z' }),
      ])
      .returning({ id: appointments.id });
    await t.db.insert(outbox).values([
      { channel: 'sms', recipient: '+201000000001', body: 'a', status: 'failed', created_at: at('2026-03-08T10:00:00Z') },
      { channel: 'sms', recipient: '+201000000002', body: 'b', status: 'failed', created_at: at('2026-03-10T05:00:00Z') },
      { channel: 'sms', recipient: '+201000000003', body: 'c', status: 'sent', created_at: at('2026-03-01T05:00:00Z') },
    ]);
    const intent = (reference: string, status: 'failed' | 'paid', updated_at: string) => ({
      appointment_id: booked[0]!.id,
      user_id: patient,
      driver: 'fake',
      reference,
      amount: 300,
      status,
      payment_url: 'http://localhost/pay',
      expires_at: updated_at,
      updated_at,
    });
    await t.db
      .insert(paymentIntents)
      .values([
        intent('r1', 'failed', '2026-03-09T23:00:00Z'),
        intent('r2', 'failed', '2026-03-09T21:00:00Z'),
        intent('r3', 'paid', '2026-03-10T01:00:00Z'),
      ]);
    const response = await t.call('/api/admin/home/operations');
    expect(response.status).toBe(200);
    body = ((await response.json()) as { data: OperationsHome }).data;
  });
  afterAll(() => t.close());

  const card = (key: string) => body.queues.find((queue) => queue.key === key);

  it('counts each queue with the age of its oldest item and the filtered list it opens', () => {
    expect(body).toMatchObject({ as_of: '2026-03-10T09:30:00.000Z', time_zone: 'Africa/Cairo' });
    expect(card('doctors')).toEqual({
      key: 'doctors',
      group: 'applications',
      count: 2,
      oldest_at: '2026-03-07T09:30:00.000Z',
      soonest_on: null,
      link: { screen: 'doctors', query: { status: 'pending' } },
    });
    expect(card('medicalCenters')).toMatchObject({ count: 1, oldest_at: '2026-03-10T08:00:00.000Z', link: { screen: 'medical-center' } });
    expect(card('pharmacies')).toMatchObject({ count: 0, oldest_at: null });
    expect(card('licensesPending')).toMatchObject({ count: 2, oldest_at: '2026-03-01T10:00:00.000Z', link: { screen: 'license' } });
    expect(card('licensesExpiring')).toMatchObject({
      count: 2,
      soonest_on: '2026-03-10',
      link: { screen: 'license', query: { status: 'approved', expiring: '30' } },
    });
    expect(card('changeRequests')).toMatchObject({
      count: 1,
      oldest_at: '2026-02-20T06:00:00.000Z',
      link: { query: { state: 'waiting' } },
    });
    expect(card('failedNotifications')).toMatchObject({
      count: 2,
      oldest_at: '2026-03-08T10:00:00.000Z',
      link: { screen: 'notifications', query: { status: 'failed' } },
    });
    expect(card('failedPaymentsToday')).toMatchObject({ count: 1, oldest_at: '2026-03-09T23:00:00.000Z' });
    expect(body.queues).toHaveLength(12);
  });

  it('answers a second visit from the page cache, and a new failed message on the next (the outbox has a version, 0031)', async () => {
    const cache = pageCacheOf(t.db)!;
    await t.call('/api/admin/home/operations');
    const { hits, misses } = cache;
    await t.call('/api/admin/home/operations');
    expect(cache.hits).toBeGreaterThan(hits);
    expect(cache.misses).toBe(misses);
    const [message] = await t.db
      .insert(outbox)
      .values({ channel: 'email', recipient: 'late@sehha.test', body: 'c', status: 'failed' })
      .returning({ id: outbox.id });
    try {
      const again = ((await (await t.call('/api/admin/home/operations')).json()) as { data: OperationsHome }).data;
      expect(cache.misses).toBeGreaterThan(misses);
      expect(again.queues.find((queue) => queue.key === 'failedNotifications')!.count).toBe(card('failedNotifications')!.count + 1);
    } finally {
      await t.db.delete(outbox).where(eq(outbox.id, message!.id));
    }
  });

  it("opens the pending doctors list whose total is the card's count", async () => {
    const { link, count } = card('doctors')!;
    const response = await t.call(`/api/admin/providers/doctors?${new URLSearchParams(link!.query).toString()}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { total: number } }).data.total).toBe(count);
  });

  it("opens the failed notifications list whose total is the card's count", async () => {
    const { link, count } = card('failedNotifications')!;
    const response = await t.call(`/api/admin/notifications?${new URLSearchParams(link!.query).toString()}`);
    expect(response.status).toBe(200);
    const list = ((await response.json()) as { data: { total: number; data: Array<{ status: string }> } }).data;
    expect(list.total).toBe(count);
    expect(list.data.every((row) => row.status === 'failed')).toBe(true);
  });

  it("counts today's bookings and cancellations by Cairo's day, not UTC's", () => {
    expect(card('bookingsToday')).toMatchObject({
      count: 2,
      link: { screen: 'appointments', query: { date: '2026-03-10', date_of: 'booked' } },
    });
    expect(card('cancellationsToday')).toMatchObject({ count: 1 });
  });

  it('compares today so far with yesterday up to the same time, not running totals', () => {
    expect(body.trends.bookings).toEqual({ today: 2, yesterday: 1, change_percent: 100, direction: 'up' });
    expect(body.trends.new_users).toMatchObject({ today: 2, yesterday: 1, direction: 'up' });
    expect(body.trends.revenue).toMatchObject({ today: 100, yesterday: 40, change_percent: 150 });
  });

  it('sends every card to a viewer, and only the cards whose list the role may call', async () => {
    const viewer = await makeAdmin(t, 'viewer');
    const response = await t.call('/api/admin/home/operations', { token: viewer.token });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: OperationsHome }).data.queues).toHaveLength(12);
    const service = createOperationsService(t.db, 'Africa/Cairo', () => now);
    expect((await service.overview(() => false)).queues).toEqual([]);
    const unauthenticated = await t.call('/api/admin/home/operations', { token: null });
    expect(unauthenticated.status).toBe(401);
  });

  it('filters the licence list to approved licences expiring within 30 days', async () => {
    const today = localDate('Africa/Cairo', new Date());
    const plus = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const holder = await makeProvider(t.db, 'pharmacy', { name_en: 'Expiring Holder' });
    const file = {
      provider_id: holder.id,
      path: 'l.pdf',
      original_name: 'l.pdf',
      mime_type: 'application/pdf',
      status: 'approved' as const,
    };
    await t.db.insert(licenses).values([
      { ...file, number: 'SOON', expires_on: plus(29) },
      { ...file, number: 'LATER', expires_on: plus(31) },
      { ...file, number: 'GONE', expires_on: plus(-1) },
    ]);
    const response = await t.call('/api/admin/licenses?search=Expiring%20Holder&status=approved&expiring=30');
    const page = (await response.json()) as { data: { data: Array<{ number: string }>; total: number } };
    expect(page.data.data.map((license) => license.number)).toEqual(['SOON']);
    expect(page.data.total).toBe(1);
    const counted = (await (await t.call('/api/admin/licenses?status=approved&expiring=30')).json()) as { data: { total: number } };
    expect(counted.data.total).toBe(1);
    expect((await t.call('/api/admin/licenses?expiring=7')).status).toBe(422);
  });
});

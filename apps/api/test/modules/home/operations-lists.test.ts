import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { paymentIntents } from '../../../src/db/schema/payment-intents';
import type { OperationsHome } from '@sehha/contract/home';
import type { PlatformAppointment } from '@sehha/contract/appointments';
import type { PaymentListItem } from '@sehha/contract/payments';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';
import { makeAdmin } from '../../support/admins';

/**
 * Issue 29: the home's platform cards open the all-appointments and payments lists filtered to the very set they
 * count. "Now" is 09:30 UTC on 10 March 2026, 11:30 in Cairo (UTC+2), whose day began at 22:00 UTC on 9 March.
 */
const now = new Date('2026-03-10T09:30:00Z');
type Page<T> = { data: { data: T[]; total: number; current_page: number; last_page: number; next_page_url: string | null } };

describe('the platform lists the operations home links to', () => {
  let t: TestApp;
  let home: OperationsHome;
  let doctor: { id: number };
  let hospital: { id: number };

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    doctor = await makeProvider(t.db, 'doctor', { status: 'approved', name_en: 'Dr. Karim Saleh', name_ar: 'د. كريم صالح' });
    hospital = await makeProvider(t.db, 'hospital', { status: 'approved', name_en: 'Nile Hospital', name_ar: 'مستشفى النيل' });
    const [mona, omar] = await t.db
      .insert(users)
      .values([
        { name: 'Mona Fathy', email: 'mona@lists.test', phone: '+201111111111', password_hash: 'x', role: 'user' },
        { name: 'Omar Adel', email: 'omar@lists.test', phone: '+201222222222', password_hash: 'x', role: 'user' },
      ])
      .returning({ id: users.id });
    let hour = 0;
    const visit = (created_at: string, extra: Partial<typeof appointments.$inferInsert> = {}) => {
      hour += 1;
      return {
        user_id: mona!.id,
        provider_id: doctor.id,
        starts_at: new Date(Date.UTC(2026, 3, 1, hour)).toISOString(),
        ends_at: new Date(Date.UTC(2026, 3, 1, hour, 30)).toISOString(),
        type: 'cash',
        created_at,
        updated_at: created_at,
        ...extra,
      };
    };
    const booked = await t.db
      .insert(appointments)
      .values([
        visit('2026-03-09T22:05:00Z'), // today in Cairo, yesterday in UTC
        visit('2026-03-10T09:00:00Z', { user_id: omar!.id, provider_id: hospital.id, type: 'website' }),
        visit('2026-03-09T21:55:00Z'), // yesterday in Cairo
        visit('2026-03-10T09:10:00Z', { status: 'held', type: 'website' }), // a checkout, not a booking yet
        visit('2026-03-10T09:10:00Z', { status: 'cancelled', cancelled_by: 'system', hold_expires_at: '2026-03-10T09:20:00Z' }),
        // Booked today and cancelled by the patient today: a booking and a cancellation of today.
        visit('2026-03-10T06:00:00Z', { status: 'cancelled', cancelled_by: 'patient', updated_at: '2026-03-10T07:00:00Z' }),
        // Booked last week, cancelled today by the provider; and one cancelled yesterday.
        visit('2026-03-01T09:00:00Z', { status: 'cancelled', cancelled_by: 'provider', updated_at: '2026-03-09T23:00:00Z' }),
        visit('2026-03-01T09:00:00Z', { status: 'cancelled', cancelled_by: 'patient', updated_at: '2026-03-09T21:00:00Z' }),
        visit('2026-03-02T09:00:00Z', { status: 'completed' }),
      ])
      .returning({ id: appointments.id });
    const intent = (reference: string, status: 'failed' | 'paid' | 'pending', updated_at: string) => ({
      appointment_id: booked[1]!.id,
      user_id: omar!.id,
      driver: 'fake',
      reference,
      amount: 300,
      status,
      payment_url: 'http://localhost/pay',
      expires_at: updated_at,
      created_at: updated_at,
      updated_at,
    });
    await t.db
      .insert(paymentIntents)
      .values([
        intent('REF-FAIL-TODAY-1', 'failed', '2026-03-09T23:00:00Z'),
        intent('REF-FAIL-TODAY-2', 'failed', '2026-03-10T09:00:00Z'),
        intent('REF-FAIL-YESTERDAY', 'failed', '2026-03-09T21:00:00Z'),
        intent('REF-PAID-TODAY', 'paid', '2026-03-10T01:00:00Z'),
        intent('REF-PENDING-OLD', 'pending', '2026-03-05T01:00:00Z'),
      ]);
    const response = await t.call('/api/admin/home/operations');
    expect(response.status).toBe(200);
    home = ((await response.json()) as { data: OperationsHome }).data;
  });
  afterAll(() => t.close());

  const card = (key: string) => home.queues.find((queue) => queue.key === key)!;
  const apiPathOf = { appointments: '/api/admin/appointments', payments: '/api/admin/payments' } as const;
  const page = async <T>(path: string, query: Record<string, string> = {}, init: { token?: string; lang?: string } = {}) => {
    const search = new URLSearchParams(query).toString();
    const response = await t.call(`${path}${search ? `?${search}` : ''}`, {
      token: init.token,
      headers: init.lang ? { 'accept-language': init.lang } : undefined,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as Page<T>).data;
  };
  /** The list a card opens: its screen's API list under the card's own query. */
  const listOf = async (key: string) => {
    const { link } = card(key);
    expect(link).not.toBeNull();
    return page<{ id: number }>(apiPathOf[link!.screen as keyof typeof apiPathOf], link!.query);
  };

  it("links the platform cards to their lists with Cairo's today", () => {
    expect(card('bookingsToday').link).toEqual({ screen: 'appointments', query: { date: '2026-03-10', date_of: 'booked' } });
    expect(card('cancellationsToday').link).toEqual({ screen: 'appointments', query: { date: '2026-03-10', date_of: 'cancelled' } });
    expect(card('failedPaymentsToday').link).toEqual({ screen: 'payments', query: { status: 'failed', date: '2026-03-10' } });
  });

  it("shows in each linked list exactly the set its card counts: today's bookings, cancellations and failed payments", async () => {
    for (const [key, count] of [
      ['bookingsToday', 3],
      ['cancellationsToday', 2],
      ['failedPaymentsToday', 2],
    ] as const) {
      expect(card(key).count, key).toBe(count);
      const list = await listOf(key);
      expect(list.total, key).toBe(count);
      expect(list.data, key).toHaveLength(count);
    }
  });

  it('lists every real booking newest first, with the patient, the provider, the visit in Cairo and when it was booked', async () => {
    const all = await page<PlatformAppointment>('/api/admin/appointments');
    // Every appointment but the hold released unpaid; the total is the per-provider counts summed.
    expect(all.total).toBe(8);
    expect(all.data.map((row) => row.created_at)).toEqual([...all.data.map((row) => row.created_at)].sort().reverse());
    const hospitalVisit = all.data.find((row) => row.appointable.id === hospital.id)!;
    expect(hospitalVisit).toMatchObject({
      type: 'website',
      status: 'booked',
      user: { name: 'Omar Adel', phone: '+201222222222' },
      appointable: { kind: 'hospital', name: 'Nile Hospital' },
      created_at: '2026-03-10T09:00:00.000Z',
      cancelled_by: null,
    });
    // 02:00 UTC on 1 April is 04:00 in Cairo (UTC+2).
    expect(hospitalVisit.appointment_time).toBe('2026-04-01 04:00:00');
    const arabic = await page<PlatformAppointment>('/api/admin/appointments', { provider_kind: 'hospital' }, { lang: 'ar' });
    expect(arabic.data.map((row) => row.appointable.name)).toEqual(['مستشفى النيل']);
  });

  it('filters by status, type, provider kind and a search over patient and provider names, and pages', async () => {
    expect((await page('/api/admin/appointments', { status: 'cancelled' })).total).toBe(3);
    expect((await page('/api/admin/appointments', { status: 'held' })).total).toBe(1);
    expect((await page('/api/admin/appointments', { type: 'website' })).total).toBe(2);
    expect((await page('/api/admin/appointments', { provider_kind: 'doctor' })).total).toBe(7);
    expect((await page('/api/admin/appointments', { search: 'omar' })).total).toBe(1);
    expect((await page('/api/admin/appointments', { search: 'كريم' })).total).toBe(7);
    expect((await page('/api/admin/appointments', { search: 'nobody-matches' })).total).toBe(0);
    const first = await page<{ id: number }>('/api/admin/appointments', { per_page: '5' });
    const second = await page<{ id: number }>('/api/admin/appointments', { per_page: '5', page: '2' });
    expect(first).toMatchObject({ current_page: 1, last_page: 2, total: 8 });
    expect(first.next_page_url).toMatch(/per_page=5&page=2$/);
    expect(second.data).toHaveLength(3);
    expect(new Set([...first.data, ...second.data].map((row) => row.id)).size).toBe(8);
  });

  it('refuses a malformed filter with a 422 in Laravel shape', async () => {
    for (const query of ['date=2026-02-30', 'status=lost', 'type=card', 'provider_kind=pharmacy', 'date_of=visit']) {
      const response = await t.call(`/api/admin/appointments?${query}`);
      expect(response.status, query).toBe(422);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors).toBeTypeOf('object');
    }
    expect((await t.call('/api/admin/payments?status=refunded')).status).toBe(422);
  });

  it('lists checkouts last changed first, filtered by status, day and a search by patient or reference, without gateway data', async () => {
    const all = await page<PaymentListItem>('/api/admin/payments');
    expect(all.total).toBe(5);
    expect(all.data[0]).toEqual({
      id: expect.any(Number),
      reference: 'REF-FAIL-TODAY-2',
      status: 'failed',
      amount: 300,
      currency: 'EGP',
      driver: 'fake',
      patient: { id: expect.any(Number), name: 'Omar Adel' },
      appointment: {
        id: expect.any(Number),
        starts_at: '2026-04-01T02:00:00.000Z',
        provider: { id: hospital.id, kind: 'hospital', name_ar: 'مستشفى النيل', name_en: 'Nile Hospital' },
      },
      paid_at: null,
      created_at: '2026-03-10T09:00:00.000Z',
      updated_at: '2026-03-10T09:00:00.000Z',
    });
    expect(JSON.stringify(all.data)).not.toContain('payment_url');
    expect((await page('/api/admin/payments', { status: 'failed' })).total).toBe(3);
    expect((await page('/api/admin/payments', { date: '2026-03-10' })).total).toBe(3);
    expect((await page('/api/admin/payments', { search: 'REF-PAID-TODAY' })).total).toBe(1);
    expect((await page('/api/admin/payments', { search: 'omar' })).total).toBe(5);
    expect((await page('/api/admin/payments', { search: 'mona' })).total).toBe(0);
  });

  it('lets every role that reads lists read them, and nobody without a token', async () => {
    const viewer = await makeAdmin(t, 'viewer');
    for (const path of Object.values(apiPathOf)) {
      expect((await t.call(path, { token: viewer.token })).status, path).toBe(200);
      const anonymous = await t.call(path, { token: null });
      expect(anonymous.status, path).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    }
  });
});

import { cairoVisit } from '../../support/visits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { specialities } from '../../../src/db/schema/catalogs';
import { providers } from '../../../src/db/schema/providers';
import { createTestApp, type TestApp } from '../../support/test-app';

type Item = {
  id: number;
  appointment_time: string;
  type: string;
  user: { name: string; phone: string | null };
  appointable: {
    id: number;
    name: string | null;
    name_ar: string;
    name_en: string;
    specialize: { name: string } | null;
    user: { phone: string | null };
  };
  facility: { id: number; name: string } | null;
};
type ListBody = {
  data: {
    data: Item[];
    current_page: number;
    last_page: number;
    per_page: number;
    total: number;
    next_page_url: string | null;
    prev_page_url: string | null;
  };
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('appointments of a doctor, a hospital and a medical center (spec §7)', () => {
  let t: TestApp;
  let doctor: number;
  let otherDoctor: number;
  let hospital: number;
  let center: number;
  let emptyDoctor: number;

  beforeAll(async () => {
    t = await createTestApp();
    let n = 0;
    const account = async (name: string, role: 'user' | 'doctor' | 'hospital' | 'medical_center', phone: string | null) => {
      const [row] = await t.db
        .insert(users)
        .values({ name, email: `a${n++}@appointments.test`, phone, password_hash: 'x', role })
        .returning({ id: users.id });
      return row!.id;
    };
    const [cardiology] = await t.db.insert(specialities).values({ name_ar: 'أمراض القلب', name_en: 'Cardiology' }).returning();
    const provider = async (kind: 'doctor' | 'hospital' | 'medical_center', name_ar: string, name_en: string, phone: string | null) => {
      const [row] = await t.db
        .insert(providers)
        .values({
          kind,
          name_ar,
          name_en,
          status: 'approved',
          user_id: await account(name_en || 'nameless', kind, phone),
          speciality_id: kind === 'doctor' ? cardiology!.id : null,
        })
        .returning({ id: providers.id });
      return row!.id;
    };
    doctor = await provider('doctor', 'د. سامي', 'Dr. Sami', '+201000000001');
    otherDoctor = await provider('doctor', '', '', '+201000000002');
    emptyDoctor = await provider('doctor', 'د. فارغ', 'Dr. Empty', null);
    hospital = await provider('hospital', 'مستشفى الاختبار', 'Test Hospital', '+20200000000');
    center = await provider('medical_center', 'مركز الاختبار', 'Test Center', '+20300000000');
    const patient = await account('Mona Patient', 'user', '+201111111111');

    // Doctor: 10 on distinct days so the order is known; the newest one at 14:30 on 2026-05-12.
    const doctorRows = Array.from({ length: 10 }, (_, i) => ({
      user_id: patient,
      provider_id: doctor,
      ...cairoVisit(`2026-05-${String(i + 3).padStart(2, '0')} 14:30:00`),
      type: i % 2 === 0 ? 'website' : 'cash',
    }));
    await t.db.insert(appointments).values([
      ...doctorRows,
      // At the hospital: one with the doctor there, one booked with the hospital itself.
      { user_id: patient, provider_id: otherDoctor, facility_id: hospital, ...cairoVisit('2026-06-01 00:15:00'), type: 'website' },
      { user_id: patient, provider_id: hospital, ...cairoVisit('2026-06-02 12:00:00'), type: 'cash' },
      // At the medical center.
      { user_id: patient, provider_id: center, ...cairoVisit('2026-07-01 23:59:59'), type: 'website' },
      { user_id: patient, provider_id: doctor, facility_id: center, ...cairoVisit('2026-04-01 09:00:00'), type: 'cash' },
    ]);
  });
  afterAll(() => t.close());

  const list = async (path: string, headers?: Record<string, string>) => {
    const response = await t.call(path, { headers });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as ListBody).data;
  };

  it("pages a doctor's appointments 8 at a time, newest visit first, as a Laravel paginator", async () => {
    const first = await list(`/api/admin/appointments/doctor/${doctor}?per_page=8&page=1`);
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 8, total: 11, prev_page_url: null });
    expect(first.next_page_url).toMatch(/\/api\/admin\/appointments\/doctor\/\d+\?per_page=8&page=2$/);
    expect(first.data).toHaveLength(8);
    expect(first.data.map((a) => a.appointment_time.slice(0, 10))).toEqual(
      ['12', '11', '10', '09', '08', '07', '06', '05'].map((day) => `2026-05-${day}`),
    );
    const second = await list(`/api/admin/appointments/doctor/${doctor}?per_page=8&page=2`);
    expect(second).toMatchObject({ current_page: 2, last_page: 2, next_page_url: null });
    expect(second.prev_page_url).toMatch(/page=1$/);
    expect(second.data.map((a) => a.appointment_time)).toEqual(['2026-05-04 14:30:00', '2026-05-03 14:30:00', '2026-04-01 09:00:00']);
  });

  it('gives each card its fields: patient, appointable with speciality and account phone, wall-clock time, type', async () => {
    const [newest] = (await list(`/api/admin/appointments/doctor/${doctor}`)).data;
    expect(newest).toMatchObject({
      // Exactly as stored: no time-zone shift by the driver or the server.
      appointment_time: '2026-05-12 14:30:00',
      type: 'cash',
      user: { name: 'Mona Patient', phone: '+201111111111' },
      appointable: {
        id: doctor,
        name: 'Dr. Sami',
        name_ar: 'د. سامي',
        name_en: 'Dr. Sami',
        specialize: { name: 'Cardiology' },
        user: { phone: '+201000000001' },
      },
      facility: null,
    });
    const arabic = (await list(`/api/admin/appointments/doctor/${doctor}`, { 'accept-language': 'ar' })).data[0]!;
    expect(arabic.appointable).toMatchObject({ name: 'د. سامي', specialize: { name: 'أمراض القلب' } });
  });

  it("lists a hospital's own bookings and those of doctors working there; a nameless appointable keeps its account phone", async () => {
    const page = await list(`/api/admin/appointments/hospital/${hospital}?per_page=8`);
    expect(page.total).toBe(2);
    expect(page.data.map((a) => a.appointment_time)).toEqual(['2026-06-02 12:00:00', '2026-06-01 00:15:00']);
    expect(page.data[0]!.appointable).toMatchObject({ id: hospital, name: 'Test Hospital' });
    expect(page.data[1]!.appointable).toMatchObject({ id: otherDoctor, name: null, user: { phone: '+201000000002' } });
    expect(page.data[1]!.facility).toMatchObject({ id: hospital, name: 'Test Hospital' });
  });

  it("lists a medical center's appointments the same way", async () => {
    const page = await list(`/api/admin/appointments/medical-center/${center}?per_page=8&page=1`);
    expect(page.data.map((a) => [a.appointment_time, a.appointable.id])).toEqual([
      ['2026-07-01 23:59:59', center],
      ['2026-04-01 09:00:00', doctor],
    ]);
  });

  it('answers an empty list with null page links', async () => {
    const page = await list(`/api/admin/appointments/doctor/${emptyDoctor}?per_page=8&page=1`);
    expect(page).toMatchObject({ data: [], total: 0, current_page: 1, last_page: 1, next_page_url: null, prev_page_url: null });
  });

  it('honours per_page within 1..100 and refuses anything else with a field message', async () => {
    expect((await list(`/api/admin/appointments/doctor/${doctor}?per_page=3`)).data).toHaveLength(3);
    expect((await list(`/api/admin/appointments/doctor/${doctor}?per_page=100`)).per_page).toBe(100);
    expect((await list(`/api/admin/appointments/doctor/${doctor}`)).per_page).toBe(8);
    for (const bad of ['0', '101', '1000000', 'abc', '2.5', '-1']) {
      const response = await t.call(`/api/admin/appointments/doctor/${doctor}?per_page=${bad}`);
      expect(response.status, bad).toBe(422);
      expect(((await response.json()) as ErrorBody).errors).toEqual({ per_page: ['Must be between 1 and 100'] });
    }
    const arabic = await t.call(`/api/admin/appointments/hospital/${hospital}?per_page=500`, { headers: { 'accept-language': 'ar' } });
    expect(((await arabic.json()) as ErrorBody).errors).toEqual({ per_page: ['يجب أن يكون بين ١ و١٠٠'] });
    const page = await t.call(`/api/admin/appointments/doctor/${doctor}?page=0`);
    expect(page.status).toBe(422);
    expect(((await page.json()) as ErrorBody).errors).toEqual({ page: ['Must be a page number from 1'] });
    const far = await list(`/api/admin/appointments/doctor/${doctor}?page=99`);
    expect(far).toMatchObject({ data: [], current_page: 99 });
  });

  it('refuses an id that is not a provider of that kind (404) or not an id (422)', async () => {
    const wrongKind = await t.call(`/api/admin/appointments/doctor/${hospital}`);
    expect(wrongKind.status).toBe(404);
    expect(await wrongKind.json()).toEqual({ message: 'Doctor not found.' });
    const unknown = await t.call('/api/admin/appointments/hospital/999999', { headers: { 'accept-language': 'ar' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'المؤسسة الطبية غير موجودة.' });
    expect(await (await t.call(`/api/admin/appointments/medical-center/${doctor}`)).json()).toEqual({
      message: 'Medical center not found.',
    });
    const notAnId = await t.call('/api/admin/appointments/doctor/abc');
    expect(notAnId.status).toBe(422);
    expect(((await notAnId.json()) as ErrorBody).errors).toEqual({ id: ['Must be a positive whole number'] });
  });

  it("answers 401 {message: 'Unauthenticated.'} without a valid admin token", async () => {
    for (const path of [
      `/api/admin/appointments/doctor/${doctor}`,
      `/api/admin/appointments/hospital/${hospital}`,
      `/api/admin/appointments/medical-center/${center}`,
    ]) {
      for (const token of [null, 'not-a-token']) {
        const response = await t.call(path, { token });
        expect(response.status).toBe(401);
        expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      }
    }
  });
});

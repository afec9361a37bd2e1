import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '../../../src/db/schema/accounts';
import { providers } from '../../../src/db/schema/providers';
import { specialities } from '../../../src/db/schema/catalogs';
import { changeRequests } from '../../../src/db/schema/change-requests';
import { auditLogs } from '../../../src/db/schema/audit';
import { outbox } from '../../../src/db/schema/outbox';
import { createTestApp, type TestApp } from '../../support/test-app';

type Value = string | number | null | { id: number; name_en: string; name_ar: string };
type Item = {
  id: number;
  status: number;
  user: { name: string; email: string; role: string };
  changes: { field: string; current: Value; requested: Value }[];
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

let serial = 0;

describe('change requests (spec §4, §7)', () => {
  let t: TestApp;
  let cardiology: number;
  let dermatology: number;
  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.db
      .insert(specialities)
      .values([
        { name_ar: 'أمراض القلب', name_en: 'Cardiology' },
        { name_ar: 'الجلدية', name_en: 'Dermatology' },
      ])
      .returning();
    [cardiology, dermatology] = rows.map((r) => r.id) as [number, number];
  });
  afterAll(() => t.close());

  async function accountWithRequest(
    changes: Record<string, unknown>,
    options: { role?: 'user' | 'doctor' | 'hospital' | undefined; status?: number | undefined } = {},
  ) {
    serial += 1;
    const role = options.role ?? 'user';
    const [account] = await t.db
      .insert(users)
      .values({ name: `Account ${serial}`, email: `cr${serial}@sehha.test`, phone: '+201000000000', password_hash: 'x', role })
      .returning();
    let providerId: number | null = null;
    if (role !== 'user') {
      const [provider] = await t.db
        .insert(providers)
        .values({
          kind: role,
          user_id: account!.id,
          name_ar: `مقدم ${serial}`,
          name_en: `Provider ${serial}`,
          address: 'Old street',
          speciality_id: role === 'doctor' ? cardiology : null,
        })
        .returning();
      providerId = provider!.id;
    }
    const [request] = await t.db
      .insert(changeRequests)
      .values({ user_id: account!.id, changes, status: options.status ?? 0 })
      .returning();
    return { account: account!, providerId, requestId: request!.id };
  }

  const decide = (id: number, status: number | string, headers?: Record<string, string>) =>
    t.call(`/api/admin/change-requests/${id}`, { method: 'POST', form: { status, _method: 'patch' }, headers });
  const list = async () => ((await (await t.call('/api/admin/change-requests')).json()) as { data: Item[] }).data;

  it('lists every request in data with the user and each change beside its current value', async () => {
    const { requestId } = await accountWithRequest({ speciality_id: dermatology }, { role: 'doctor' });
    const { requestId: decided } = await accountWithRequest({ phone: '+201234567890' }, { status: 1 });
    const items = await list();
    expect(Array.isArray(items)).toBe(true);
    const item = items.find((r) => r.id === requestId)!;
    expect(item).toMatchObject({ status: 0, user: { role: 'doctor' } });
    expect(item.changes).toEqual([
      {
        field: 'speciality_id',
        current: { id: cardiology, name_ar: 'أمراض القلب', name_en: 'Cardiology' },
        requested: { id: dermatology, name_ar: 'الجلدية', name_en: 'Dermatology' },
      },
    ]);
    // Waiting requests come first.
    expect(items.findIndex((r) => r.id === requestId)).toBeLessThan(items.findIndex((r) => r.id === decided));
    expect((await t.call('/api/admin/change-requests', { token: null })).status).toBe(401);
  });

  it('accepting applies the change to the account in the same transaction', async () => {
    const { account, requestId } = await accountWithRequest({ phone: '+20 100 123 4567', name: 'New Name' });
    const response = await decide(requestId, 1);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; data: Item };
    expect(body.message).toBe('Request accepted successfully');
    expect(body.data.status).toBe(1);
    const [after] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(after).toMatchObject({ phone: '+201001234567', name: 'New Name' });
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, requestId));
    expect(row).toMatchObject({ status: 1, decided_by: t.adminId });
    expect(
      (
        await t.db
          .select()
          .from(auditLogs)
          .where(and(eq(auditLogs.entity, 'change_request'), eq(auditLogs.entity_id, String(requestId))))
      ).map((a) => a.action),
    ).toEqual(['approve']);
  });

  it('applies provider fields: speciality of a doctor, address and the directory name in its script', async () => {
    const doctor = await accountWithRequest({ speciality_id: dermatology, address: '12 New Street' }, { role: 'doctor' });
    expect((await decide(doctor.requestId, '1')).status).toBe(200);
    const [profile] = await t.db.select().from(providers).where(eq(providers.id, doctor.providerId!));
    expect(profile).toMatchObject({ speciality_id: dermatology, address: '12 New Street' });

    const hospital = await accountWithRequest({ name: 'مستشفى جديد - المعادي' }, { role: 'hospital' });
    expect((await decide(hospital.requestId, 1)).status).toBe(200);
    const [renamed] = await t.db.select().from(providers).where(eq(providers.id, hospital.providerId!));
    expect(renamed).toMatchObject({ name_ar: 'مستشفى جديد - المعادي', name_en: `Provider ${serial}` });
  });

  it('rejecting applies nothing, in the request language', async () => {
    const { account, requestId } = await accountWithRequest({ phone: '+201111111111' });
    const response = await decide(requestId, 2, { 'accept-language': 'ar' });
    expect(((await response.json()) as { message: string }).message).toBe('تم رفض طلب التعديل بنجاح');
    const [after] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(after!.phone).toBe('+201000000000');
  });

  it('a request that is not waiting cannot be decided again', async () => {
    const { requestId } = await accountWithRequest({ phone: '+201222222222' });
    expect((await decide(requestId, 2)).status).toBe(200);
    for (const status of [1, 2]) {
      const again = await decide(requestId, status);
      expect(again.status).toBe(422);
      expect(((await again.json()) as ErrorBody).message).toBe('This request has already been decided and cannot be decided again.');
    }
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, requestId));
    expect(row!.status).toBe(2);
  });

  it('refuses invalid requested values and leaves everything as it was', async () => {
    const { account, requestId } = await accountWithRequest({ phone: 'call me', name: 'Valid Name', is_admin: true, speciality_id: 5 });
    const response = await decide(requestId, 1);
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).errors).toEqual({
      phone: ['The requested number must be a phone number such as +201001234567.'],
      is_admin: ['The field "is_admin" cannot be changed by a request.'],
      speciality_id: ['Only doctors have a speciality.'],
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, account.id));
    expect(after).toMatchObject({ name: account.name, phone: '+201000000000' });
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, requestId));
    expect(row!.status).toBe(0);
    // In Arabic the field a request may not change is named, and a raw key is bidi-isolated.
    const arabic = (await (await decide(requestId, 1, { 'accept-language': 'ar' })).json()) as ErrorBody;
    expect(arabic.errors?.is_admin).toEqual(['لا يمكن تعديل الحقل «\u2068is_admin\u2069» عن طريق طلب تعديل.']);
    expect(arabic.message).toMatch(/\(وخطآن آخران\)$/);

    const missingSpeciality = await accountWithRequest({ speciality_id: 999999 }, { role: 'doctor' });
    const refused = await decide(missingSpeciality.requestId, 1, { 'accept-language': 'ar' });
    expect(((await refused.json()) as ErrorBody).errors).toEqual({ speciality_id: ['التخصص المطلوب غير موجود.'] });
    // A hostile value in the stored JSON never breaks the list.
    await accountWithRequest({ speciality_id: '1; drop table users' }, { role: 'doctor' });
    expect((await t.call('/api/admin/change-requests')).status).toBe(200);
  });

  it('validates the decision and answers 404 for an unknown request', async () => {
    const { requestId } = await accountWithRequest({ phone: '+201333333333' });
    for (const status of [0, 3, 'yes']) {
      const response = await decide(requestId, status);
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).errors).toEqual({ status: ['This status is not allowed'] });
    }
    const missing = await decide(999999, 1);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).message).toBe('Change request not found.');
    expect((await t.call(`/api/admin/change-requests/${requestId}`, { method: 'PATCH', json: { status: 2 } })).status).toBe(200);
    expect((await t.call(`/api/admin/change-requests/${requestId}`, { method: 'POST', form: { status: 1 } })).status).toBe(405);
    expect((await t.call(`/api/admin/change-requests/${requestId}`, { method: 'PATCH', json: { status: 1 }, token: null })).status).toBe(
      401,
    );
  });
});

describe('change requests: profile names, fee, reasons and notices (issue 26)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function doctorWithRequest(changes: Record<string, unknown>, role: 'doctor' | 'pharmacy' = 'doctor') {
    serial += 1;
    const [account] = await t.db
      .insert(users)
      .values({
        name: `Doctor ${serial}`,
        email: `n26-${serial}@sehha.test`,
        phone: `+2010555${String(serial).padStart(5, '0')}`,
        password_hash: 'x',
        role,
        language: 'en',
      })
      .returning();
    const [provider] = await t.db
      .insert(providers)
      .values({
        kind: role,
        user_id: account!.id,
        name_ar: 'د. قديم',
        name_en: 'Dr. Old',
        consultation_fee: role === 'doctor' ? 200 : null,
      })
      .returning();
    const [request] = await t.db.insert(changeRequests).values({ user_id: account!.id, changes }).returning();
    return { account: account!, providerId: provider!.id, requestId: request!.id };
  }
  const decide = (id: number, json: Record<string, unknown>) => t.call(`/api/admin/change-requests/${id}`, { method: 'PATCH', json });

  it('shows the current names and fee beside the requested ones, and applies them on accept', async () => {
    const { providerId, requestId } = await doctorWithRequest({ name_ar: 'د. جديد', name_en: 'Dr. New', consultation_fee: '350.25' });
    const listed = ((await (await t.call('/api/admin/change-requests')).json()) as { data: (Item & { reason: string | null })[] }).data;
    const item = listed.find((r) => r.id === requestId)!;
    expect(item.reason).toBeNull();
    expect(item.changes).toEqual([
      { field: 'name_ar', current: 'د. قديم', requested: 'د. جديد' },
      { field: 'name_en', current: 'Dr. Old', requested: 'Dr. New' },
      { field: 'consultation_fee', current: 200, requested: '350.25' },
    ]);
    expect((await decide(requestId, { status: 1 })).status).toBe(200);
    const [profile] = await t.db.select().from(providers).where(eq(providers.id, providerId));
    expect(profile).toMatchObject({ name_ar: 'د. جديد', name_en: 'Dr. New', consultation_fee: 350.25 });
  });

  it('refuses a bad fee, and a fee for another kind', async () => {
    for (const fee of [-5, '12.345', 'free', 2_000_000]) {
      const { requestId } = await doctorWithRequest({ consultation_fee: fee });
      const response = await decide(requestId, { status: 1 });
      expect(response.status, String(fee)).toBe(422);
      expect(((await response.json()) as ErrorBody).errors).toEqual({
        consultation_fee: ['The requested fee must be an amount from 0 to 1,000,000 with at most two decimals.'],
      });
    }
    const { requestId } = await doctorWithRequest({ consultation_fee: 100, name_en: 'x' }, 'pharmacy');
    expect(((await (await decide(requestId, { status: 1 })).json()) as ErrorBody).errors).toEqual({
      consultation_fee: ['Only doctors have a consultation fee.'],
      name_en: ['The requested name must be 2 to 255 characters.'],
    });
  });

  it('keeps a rejection reason, says it to the requester, and logs it; accepting notifies too', async () => {
    const { account, requestId } = await doctorWithRequest({ name_en: 'Dr. Maybe' });
    expect((await decide(requestId, { status: 2, reason: 'x'.repeat(1001) })).status).toBe(422);
    const response = await decide(requestId, { status: 2, reason: 'Name does not match the license' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { reason: string } }).data.reason).toBe('Name does not match the license');
    const sent = await t.db
      .select()
      .from(outbox)
      .where(inArray(outbox.recipient, [account.phone!, account.email]));
    expect(sent.map((row) => [row.channel, row.subject, row.body]).sort()).toEqual([
      [
        'email',
        'Your profile change was not accepted',
        'Sehha: your profile change request was rejected. Reason: Name does not match the license',
      ],
      ['sms', null, 'Sehha: your profile change request was rejected. Reason: Name does not match the license'],
    ]);
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'change_request'), eq(auditLogs.entity_id, String(requestId))));
    expect(audit!.after).toMatchObject({ status: 2, reason: 'Name does not match the license' });

    const accepted = await doctorWithRequest({ name_en: 'Dr. Yes' });
    expect((await decide(accepted.requestId, { status: 1, reason: 'ignored on accept' })).status).toBe(200);
    const [row] = await t.db.select().from(changeRequests).where(eq(changeRequests.id, accepted.requestId));
    expect(row!.reason).toBeNull();
    const notices = await t.db.select().from(outbox).where(eq(outbox.recipient, accepted.account.phone!));
    expect(notices.map((notice) => notice.body)).toEqual(['Sehha: your profile change request was accepted and your profile is updated.']);
  });
});

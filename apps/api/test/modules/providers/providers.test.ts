import { cairoVisit } from '../../support/visits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { accessTokens, users } from '../../../src/db/schema/accounts';
import { appointments } from '../../../src/db/schema/appointments';
import { countries } from '../../../src/db/schema/locations';
import { providerAttachments } from '../../../src/db/schema/providers';
import { auditLogs } from '../../../src/db/schema/audit';
import { authRepository } from '../../../src/auth/auth-repository';
import { hashToken } from '../../../src/auth/tokens';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider } from '../../support/providers';
import { pdf, png } from '../../support/files';

type Item = {
  id: number;
  kind: string;
  name_en: string;
  email: string;
  phone: string | null;
  status: string;
  is_special: boolean;
  is_active: boolean;
  country: { name_en: string } | null;
  appointments_count?: number | undefined;
};
type ListBody = { data: { data: Item[]; total: number; current_page: number; last_page: number; next_page_url: string | null } };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

describe('provider directories', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const list = async (slug: string, query = '') => (await (await t.call(`/api/admin/providers/${slug}${query}`)).json()) as ListBody;
  const tokenFor = async (userId: number) => {
    const token = `token-${userId}-${Math.random()}`;
    await authRepository.createToken(t.db, userId, hashToken(token), new Date(Date.now() + 3_600_000));
    return token;
  };
  const tokensOf = (userIds: number[]) =>
    t.db.select({ id: accessTokens.id }).from(accessTokens).where(inArray(accessTokens.user_id, userIds));
  const isActive = async (userId: number) => (await t.db.select({ a: users.is_active }).from(users).where(eq(users.id, userId)))[0]!.a;

  describe('lists', () => {
    it('lists each kind with account fields, country, special flag and status; doctors with their appointments', async () => {
      const [egypt] = await t.db.insert(countries).values({ name_ar: 'مصر', name_en: 'Egypt', mobile_prefix: '+20' }).returning();
      const doctor = await makeProvider(t.db, 'doctor', {
        name_en: 'Dr. Listed Cardiologist',
        country_id: egypt!.id,
        is_special: true,
        status: 'approved',
        address: 'Nasr City',
      });
      const patient = await makeProvider(t.db, 'company', { name_en: 'Patient holder' });
      await t.db.insert(appointments).values(
        Array.from({ length: 3 }, (_, i) => ({
          user_id: patient.userId,
          provider_id: doctor.id,
          ...cairoVisit(`2030-01-0${i + 1} 10:00:00`),
        })),
      );
      const body = await list('doctors', `?search=${encodeURIComponent('Listed Cardiologist')}`);
      expect(body.data.data).toHaveLength(1);
      expect(body.data.data[0]).toMatchObject({
        id: doctor.id,
        kind: 'doctor',
        name_en: 'Dr. Listed Cardiologist',
        email: doctor.email,
        is_special: true,
        status: 'approved',
        is_active: true,
        country: { name_en: 'Egypt' },
        appointments_count: 3,
      });

      const company = await makeProvider(t.db, 'company', { name_en: 'Countryless Supplies' });
      const companies = await list('companies', '?search=Countryless');
      expect(companies.data.data[0]).toMatchObject({ id: company.id, country: null });
      expect(companies.data.data[0]).not.toHaveProperty('appointments_count');
    });

    it('keeps kinds apart, hides deactivated accounts, filters by status and searches email and Arabic names', async () => {
      const tag = `kinds${Date.now()}`;
      const pharmacy = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} pharmacy`, name_ar: 'صيدلية الأمل', status: 'pending' });
      await makeProvider(t.db, 'hospital', { name_en: `${tag} hospital` });
      await makeProvider(t.db, 'pharmacy', { name_en: `${tag} gone`, is_active: false });
      const approved = await makeProvider(t.db, 'pharmacy', { name_en: `${tag} approved`, status: 'approved' });

      expect((await list('pharmacies', `?search=${tag}`)).data.data.map((p) => p.id).sort()).toEqual([pharmacy.id, approved.id].sort());
      expect((await list('pharmacies', `?search=${tag}&status=approved`)).data.data.map((p) => p.id)).toEqual([approved.id]);
      expect((await list('hospitals', `?search=${tag}`)).data.data).toHaveLength(1);
      expect((await list('pharmacies', `?search=${encodeURIComponent(pharmacy.email.toUpperCase())}`)).data.data.map((p) => p.id)).toEqual([
        pharmacy.id,
      ]);
      expect((await list('pharmacies', `?search=${encodeURIComponent('الامل')}`)).data.data.map((p) => p.id)).toContain(pharmacy.id);
    });

    it('pages on the server, newest first', async () => {
      const tag = `paged${Date.now()}`;
      for (let i = 0; i < 3; i++)
        await makeProvider(t.db, 'medical_center', { name_en: `${tag} center ${i}`, created_at: `2024-01-0${i + 1}T00:00:00Z` });
      const first = await list('medical-centers', `?search=${tag}&per_page=2`);
      expect(first.data).toMatchObject({ total: 3, current_page: 1, last_page: 2 });
      expect(first.data.data.map((p) => p.name_en)).toEqual([`${tag} center 2`, `${tag} center 1`]);
      expect(first.data.next_page_url).toContain('page=2');
      const second = await list('medical-centers', `?search=${tag}&per_page=2&page=2`);
      expect(second.data.data.map((p) => p.name_en)).toEqual([`${tag} center 0`]);
    });

    it('validates the query, answers unknown kinds with 404 and needs a token', async () => {
      const bad = await t.call('/api/admin/providers/doctors?status=active&page=0');
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as ErrorBody).errors).toMatchObject({ status: expect.any(Array), page: ['Must be a page number from 1'] });
      expect((await t.call('/api/admin/providers/nurses')).status).toBe(404);
      const anonymous = await t.call('/api/admin/providers/doctors', { token: null });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
    });

    it('shows one provider for titles and breadcrumbs', async () => {
      const hospital = await makeProvider(t.db, 'hospital', { name_en: 'Shown Hospital', name_ar: 'مستشفى معروض' });
      const response = await t.call(`/api/admin/providers/show/${hospital.id}`);
      expect(await response.json()).toEqual({
        data: { id: hospital.id, kind: 'hospital', name_ar: 'مستشفى معروض', name_en: 'Shown Hospital', status: 'pending', is_active: true },
      });
      expect((await t.call('/api/admin/providers/show/999999')).status).toBe(404);
    });
  });

  describe('status', () => {
    // A rejection or a hold says why (issue 26; decision-reasons.test.ts covers the reasons themselves).
    const why: Record<string, Record<string, string>> = {
      rejected: { reason_note: 'Unreadable scan.' },
      onHold: { reason_note: 'Send the license.' },
    };
    const change = (id: number, status: string, headers?: Record<string, string>) =>
      t.call(`/api/admin/providers/status/${id}`, { method: 'POST', form: { status, ...why[status], _method: 'PATCH' }, headers });

    it('accepts a pending doctor and rejects a pharmacy, with an audit row', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      const accepted = await change(doctor.id, 'approved');
      expect(accepted.status).toBe(200);
      expect(await accepted.json()).toMatchObject({ message: 'Status Changed Successfully', data: { id: doctor.id, status: 'approved' } });

      const pharmacy = await makeProvider(t.db, 'pharmacy');
      const rejected = await t.call(`/api/admin/providers/status/${pharmacy.id}`, {
        method: 'PATCH',
        json: { status: 'rejected', reason_codes: ['documents_unreadable'] },
        headers: { 'accept-language': 'ar' },
      });
      expect(await rejected.json()).toMatchObject({ message: 'تم تغيير الحالة بنجاح', data: { status: 'rejected' } });
      const audit = await t.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.entity_id, String(pharmacy.id)));
      expect(audit.find((row) => row.entity === 'provider' && row.action === 'status')).toMatchObject({
        before: { status: 'pending' },
        after: { status: 'rejected', reason_codes: ['documents_unreadable'] },
      });
    });

    it('follows the documented transitions and refuses impossible ones with a clear 422', async () => {
      const doctor = await makeProvider(t.db, 'doctor');
      expect((await change(doctor.id, 'onHold')).status).toBe(200);
      expect((await change(doctor.id, 'rejected')).status).toBe(200);
      const toHold = await change(doctor.id, 'onHold');
      expect(toHold.status).toBe(422);
      expect(await toHold.json()).toEqual({
        message: 'The status cannot change from rejected to on hold.',
        errors: { status: ['The status cannot change from rejected to on hold.'] },
      });
      expect((await change(doctor.id, 'approved')).status).toBe(200);
      const same = await change(doctor.id, 'approved', { 'accept-language': 'ar' });
      expect(same.status).toBe(422);
      expect(((await same.json()) as ErrorBody).message).toBe('لا يمكن تغيير الحالة من مقبول إلى مقبول.');
      // Nothing goes back to pending: not even a value the API accepts.
      const pending = await change(doctor.id, 'pending');
      expect(pending.status).toBe(422);
      expect(((await pending.json()) as ErrorBody).errors).toEqual({ status: ['This status is not allowed'] });
    });

    it('answers 404, 422 on a bad id and 401 without a token', async () => {
      expect((await change(999999, 'approved')).status).toBe(404);
      expect((await change(0, 'approved')).status).toBe(422);
      expect((await t.call('/api/admin/providers/status/1', { method: 'PATCH', json: { status: 'approved' }, token: null })).status).toBe(
        401,
      );
    });
  });

  describe('deactivation', () => {
    it('deactivates one provider and revokes its tokens', async () => {
      const doctor = await makeProvider(t.db, 'doctor', { name_en: 'Dr. To Deactivate' });
      await tokenFor(doctor.userId);
      const response = await t.call(`/api/admin/providers/deactivate/${doctor.id}`, { method: 'POST' });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { id: doctor.id, is_active: false } });
      expect(await isActive(doctor.userId)).toBe(false);
      expect(await tokensOf([doctor.userId])).toEqual([]);
      expect((await list('doctors', '?search=To%20Deactivate')).data.data).toEqual([]);

      const again = await t.call(`/api/admin/providers/deactivate/${doctor.id}`, { method: 'POST' });
      expect(again.status).toBe(422);
      expect(((await again.json()) as ErrorBody).message).toBe('This account is already deactivated.');
      expect((await t.call('/api/admin/providers/deactivate/999999', { method: 'POST' })).status).toBe(404);
      expect((await t.call(`/api/admin/providers/deactivate/${doctor.id}`, { method: 'POST', token: null })).status).toBe(401);
    });

    it('deactivates all of a kind under exactly the listed filter, and revokes their tokens', async () => {
      const tag = `all${Date.now()}`;
      const a = await makeProvider(t.db, 'company', { name_en: `${tag} alpha`, status: 'approved' });
      const b = await makeProvider(t.db, 'company', { name_en: `${tag} beta`, status: 'approved' });
      const pending = await makeProvider(t.db, 'company', { name_en: `${tag} pending` });
      const otherKind = await makeProvider(t.db, 'doctor', { name_en: `${tag} doctor`, status: 'approved' });
      await Promise.all([a, b, pending, otherKind].map((p) => tokenFor(p.userId)));

      const response = await t.call('/api/admin/providers/companies/deactivate-all', {
        method: 'POST',
        json: { all: true, search: tag, status: 'approved' },
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ message: 'Companies Deactivated Successfully !', data: { count: 2 } });
      expect(await isActive(a.userId)).toBe(false);
      expect(await isActive(b.userId)).toBe(false);
      expect(await isActive(pending.userId)).toBe(true);
      expect(await isActive(otherKind.userId)).toBe(true);
      expect(await tokensOf([a.userId, b.userId])).toEqual([]);
      expect(await tokensOf([pending.userId, otherKind.userId])).toHaveLength(2);

      const doctors = await t.call('/api/admin/providers/doctors/deactivate-all', {
        method: 'POST',
        json: { all: true, search: tag },
        headers: { 'accept-language': 'ar' },
      });
      expect(await doctors.json()).toEqual({ message: 'تم إلغاء تفعيل الأطباء بنجاح!', data: { count: 1 } });
      const pharmacies = await t.call('/api/admin/providers/pharmacies/deactivate-all', {
        method: 'POST',
        json: { all: true, search: tag },
      });
      expect(await pharmacies.json()).toEqual({ message: 'Pharmacies Deactivated Successfully !', data: { count: 0 } });
    });

    it('is all or nothing: a failure part-way leaves every account active and every token valid', async () => {
      const tag = `atomic${Date.now()}`;
      const made = [];
      for (let i = 0; i < 3; i++) made.push(await makeProvider(t.db, 'hospital', { name_en: `${tag} ${i}` }));
      await Promise.all(made.map((p) => tokenFor(p.userId)));
      // The last account refuses to change: the database aborts the statement part-way.
      const victim = made[2]!.userId;
      await t.db.execute(
        sql.raw(`
        create or replace function refuse_${tag}() returns trigger language plpgsql as $$
        begin if new.id = ${victim} and new.is_active = false then raise exception 'refused'; end if; return new; end $$`),
      );
      await t.db.execute(sql.raw(`create trigger refuse_${tag} before update on users for each row execute function refuse_${tag}()`));
      try {
        const response = await t.call('/api/admin/providers/hospitals/deactivate-all', {
          method: 'POST',
          json: { all: true, search: tag },
        });
        expect(response.status).toBe(500);
        for (const p of made) expect(await isActive(p.userId)).toBe(true);
        expect(await tokensOf(made.map((p) => p.userId))).toHaveLength(3);
        expect((await list('hospitals', `?search=${tag}`)).data.data).toHaveLength(3);
      } finally {
        await t.db.execute(sql.raw(`drop trigger refuse_${tag} on users`));
        await t.db.execute(sql.raw(`drop function refuse_${tag}()`));
      }
      const retried = await t.call('/api/admin/providers/hospitals/deactivate-all', { method: 'POST', json: { all: true, search: tag } });
      expect(((await retried.json()) as { data: { count: number } }).data.count).toBe(3);
    });

    it('validates the filter and needs a token', async () => {
      const bad = await t.call('/api/admin/providers/doctors/deactivate-all', { method: 'POST', json: { all: true, status: 'inactive' } });
      expect(bad.status).toBe(422);
      expect(((await bad.json()) as ErrorBody).errors).toHaveProperty('status');
      expect((await t.call('/api/admin/providers/doctors/deactivate-all', { method: 'POST', token: null })).status).toBe(401);
    });
  });

  describe('attachments', () => {
    it('lists documents with signed preview and download URLs under safe names', async () => {
      const hospital = await makeProvider(t.db, 'hospital');
      const files = [
        {
          key: 'attachments/test-license.pdf',
          data: pdf(),
          name: 'hospital license.pdf',
          mime: 'application/pdf',
          kind: 'license' as const,
        },
        {
          key: 'attachments/test-register.png',
          data: png(4, 3),
          name: 'سجل تجاري.png',
          mime: 'image/png',
          kind: 'commercial_register' as const,
        },
        {
          key: 'attachments/test-report.docx',
          data: Buffer.from('PK\u0003\u0004docx'),
          name: '../../report".docx',
          mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
          kind: 'other' as const,
        },
      ];
      for (const file of files) {
        await t.storage.put(file.key, file.data);
        await t.db.insert(providerAttachments).values({
          provider_id: hospital.id,
          kind: file.kind,
          path: file.key,
          original_name: file.name,
          mime_type: file.mime,
          size: file.data.length,
        });
      }
      const response = await t.call(`/api/admin/providers/attachments/${hospital.id}`);
      const body = (await response.json()) as {
        data: Array<{ name: string; kind: string; mime_type: string; url: string; download_url: string }>;
      };
      expect(body.data.map((f) => [f.kind, f.name, f.mime_type])).toEqual(files.map((f) => [f.kind, f.name, f.mime]));

      const [license, register, report] = body.data;
      expect(license!.url).toMatch(/^\/storage\/attachments\/test-license\.pdf\?expires=\d+&signature=/);
      const preview = await t.call(license!.url, { token: null });
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('application/pdf');
      expect(preview.headers.get('content-disposition')).toBeNull();

      const download = await t.call(register!.download_url, { token: null });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="___.png"; filename*=UTF-8''${encodeURIComponent('سجل_تجاري.png')}`,
      );
      const odd = await t.call(report!.download_url, { token: null });
      expect(odd.headers.get('content-disposition')).toMatch(/^attachment; filename="report_\.docx";/);
      // The download name is under the signature: another name, or one added to the preview link, is refused.
      const renamed = register!.download_url.replace(/download=[^&]+/, 'download=invoice.html');
      expect(renamed).not.toBe(register!.download_url);
      expect((await t.call(renamed, { token: null })).status).toBe(403);
      expect((await t.call(`${license!.url}&download=evil.exe`, { token: null })).status).toBe(403);

      // Unsigned or tampered URLs are refused.
      expect((await t.call('/storage/attachments/test-license.pdf', { token: null })).status).toBe(403);
      // The signature's first character changed (to one it is not: a fixed replacement would be a no-op one time in 64).
      const tampered = license!.url.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
      expect(tampered).not.toBe(license!.url);
      expect((await t.call(tampered, { token: null })).status).toBe(403);
    });

    it('answers an empty list, 404 and 401', async () => {
      const company = await makeProvider(t.db, 'company');
      expect(await (await t.call(`/api/admin/providers/attachments/${company.id}`)).json()).toEqual({ data: [] });
      expect((await t.call('/api/admin/providers/attachments/999999')).status).toBe(404);
      expect((await t.call(`/api/admin/providers/attachments/${company.id}`, { token: null })).status).toBe(401);
    });
  });
});

import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../support/csv';
import { createTestApp, type TestApp } from '../support/test-app';
import { makeProvider, type MadeProvider } from '../support/providers';
import { recordAudit } from '../../src/audit/audit-log';
import { users } from '../../src/db/schema/accounts';

describe('exports read as the dashboard shows: statuses, yes/no, Cairo dates, phones, and a worked XLSX sheet', () => {
  let t: TestApp;
  let held: MadeProvider;
  let refused: MadeProvider;
  let reviewerEmail: string;
  beforeAll(async () => {
    t = await createTestApp();
    // 22:30 UTC on 27 November is already 28 November, 00:30, in Cairo (UTC+2).
    await makeProvider(t.db, 'doctor', {
      name_en: 'Dr. Presented Export',
      name_ar: 'د. تصدير معروض',
      phone: '+201001234567',
      status: 'onHold',
      is_special: true,
      created_at: '2026-11-27T22:30:00.000Z',
    });
    await makeProvider(t.db, 'doctor', { name_en: '=HYPERLINK("http://evil.test","x")', name_ar: '@SUM(1,2)', phone: '+20-1+cmd|x' });
    // Audit rows as the dashboard makes them: decisions stored as `status`, an edit, a record kind without a name.
    held = await makeProvider(t.db, 'pharmacy', { name_en: 'Held Worded Pharmacy', name_ar: 'صيدلية معلّقة بالكلمات' });
    refused = await makeProvider(t.db, 'pharmacy', { name_en: 'Refused Worded Pharmacy', name_ar: 'صيدلية مرفوضة بالكلمات' });
    const decide = (id: number, json: unknown) => t.call(`/api/admin/providers/status/${id}`, { method: 'PATCH', json });
    expect((await decide(held.id, { status: 'onHold', reason_note: 'The licence scan is unreadable.' })).status).toBe(200);
    expect((await decide(refused.id, { status: 'rejected', reason_codes: ['documents_missing'] })).status).toBe(200);
    await recordAudit(t.db, { actorId: t.adminId, action: 'update', entity: 'provider', entityId: refused.id });
    await recordAudit(t.db, { actorId: t.adminId, action: 'archive', entity: 'subscription_plan', entityId: 'no-such-plan' });
    // Accounts of several roles: an ordinary user, a deactivated doctor, a reviewer admin.
    await t.db.insert(users).values({ name: 'Worded Role User', email: 'worded-role@sehha.test', password_hash: 'x', role: 'user' });
    const doctor = await makeProvider(t.db, 'doctor', { name_en: 'Dr. Worded Deactivated', name_ar: 'د. معطّل بالكلمات' });
    expect((await t.call(`/api/admin/users/deactivate/${doctor.userId}`, { method: 'POST' })).status).toBe(200);
    reviewerEmail = 'worded-reviewer@sehha.test';
    const created = await t.call('/api/admin/admins', {
      method: 'POST',
      json: { name: 'Worded Reviewer', email: reviewerEmail, admin_role: 'reviewer' },
    });
    expect(created.status).toBe(201);
  });
  afterAll(() => t.close());

  const exportOf = (query: string, language: string, list = '/api/admin/providers/doctors') =>
    t.call(`${list}/export?${query}`, { headers: { 'accept-language': language } });

  /** The CSV's rows, each a record of its cells by header. */
  const csvRows = async (response: Response) => {
    expect(response.status).toBe(200);
    const [header, ...rows] = parseCsv(await response.text());
    return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]])));
  };

  it("names the audit log's actions and records in the screen's words, a decision by the decision", async () => {
    for (const [language, words] of [
      [
        'en',
        {
          action: 'Action',
          record: 'Record',
          id: 'Record ID',
          hold: 'Put on hold',
          reject: 'Rejected',
          update: 'Updated',
          archive: 'Archived',
          provider: 'Provider',
          plan: 'Subscription plan',
        },
      ],
      [
        'ar',
        {
          action: 'الإجراء',
          record: 'السجل',
          id: 'معرّف السجل',
          hold: 'تعليق مؤقت',
          reject: 'رفض',
          update: 'تعديل',
          archive: 'أرشفة',
          provider: 'مقدم خدمة',
          plan: 'باقة اشتراك',
        },
      ],
    ] as const) {
      const rows = await csvRows(await exportOf('format=csv', language, '/api/admin/audit-logs'));
      const about = (id: string) => rows.filter((row) => row[words.id] === id).map((row) => [row[words.action], row[words.record]]);
      expect(about(String(held.id))).toEqual([[words.hold, words.provider]]);
      expect(about(String(refused.id))).toEqual([
        [words.update, words.provider],
        [words.reject, words.provider],
      ]);
      expect(about('no-such-plan')).toEqual([[words.archive, words.plan]]);
      // One record's history exports with the same words.
      const history = await csvRows(await exportOf('format=csv', language, `/api/admin/audit-logs/provider/${refused.id}`));
      expect(history.map((row) => row[words.action])).toEqual([words.update, words.reject]);
    }
  });

  it('names roles in the export language: the users lists by account role, the admins by admin role', async () => {
    for (const [language, words] of [
      ['en', { role: 'Role', email: 'Email', user: 'User', doctor: 'Doctor', superAdmin: 'Super admin', reviewer: 'Reviewer' }],
      ['ar', { role: 'الدور', email: 'البريد الإلكتروني', user: 'مستخدم', doctor: 'طبيب', superAdmin: 'مشرف عام', reviewer: 'مراجع' }],
    ] as const) {
      const active = await csvRows(await exportOf('search=Worded&format=csv', language, '/api/admin/users'));
      expect(active.map((row) => row[words.role])).toEqual([words.user]);
      const deactivated = await csvRows(await exportOf('search=Worded&format=csv', language, '/api/admin/users/deactivated'));
      expect(deactivated.map((row) => row[words.role])).toEqual([words.doctor]);
      const admins = await csvRows(await exportOf('format=csv', language, '/api/admin/admins'));
      const roleOf = (email: string) => admins.find((row) => row[words.email] === email)?.[words.role];
      expect(roleOf(reviewerEmail)).toBe(words.reviewer);
      expect(admins.filter((row) => row[words.role] === words.superAdmin).length).toBeGreaterThan(0);
    }
  });

  it('writes the CSV in the export language: statuses, booleans and Cairo dates; a phone without an apostrophe, formulas still neutralised', async () => {
    for (const [language, expected] of [
      ['en', { status: 'On hold', yes: 'Yes', header: ['Status', 'Active', 'Featured'] }],
      ['ar', { status: 'معلّق مؤقتًا', yes: 'نعم', header: ['الحالة', 'مفعّل', 'مميز'] }],
    ] as const) {
      const response = await exportOf('search=Presented&format=csv', language);
      expect(response.status).toBe(200);
      const [header, row] = parseCsv(await response.text());
      const at = (name: string) => row![header!.indexOf(name)];
      expect(header).toEqual(expect.arrayContaining([...expected.header]));
      expect(at(expected.header[0])).toBe(expected.status);
      expect(at(expected.header[1])).toBe(expected.yes);
      expect(at(expected.header[2])).toBe(expected.yes);
      expect(row).toContain('+201001234567');
      expect(row).toContain('2026-11-28 00:30');
    }
    const hostile = await exportOf('search=HYPERLINK&format=csv', 'en');
    const [header, row] = parseCsv(await hostile.text());
    expect(row![header!.indexOf('Name (English)')]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(row![header!.indexOf('Name (Arabic)')]).toBe(`'@SUM(1,2)`);
    // Not a phone number: a formula Excel would run.
    expect(row![header!.indexOf('Phone')]).toBe(`'+20-1+cmd|x`);
    expect(row![header!.indexOf('Featured')]).toBe('No');
  });

  it('writes an XLSX sheet named for the list, with widths, a frozen header, an autofilter and right to left in Arabic', async () => {
    for (const language of ['en', 'ar'] as const) {
      const response = await exportOf('search=Presented&format=xlsx', language);
      expect(response.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await response.arrayBuffer());
      const sheet = workbook.worksheets[0]!;
      expect(sheet.name).toBe(language === 'ar' ? 'الأطباء' : 'Doctors');
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: language === 'ar' });
      expect(sheet.autoFilter).toBeTruthy();
      const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
      expect(String(JSON.stringify(sheet.autoFilter))).toMatch(new RegExp(`A1.*${String.fromCharCode(64 + header.length)}1`));
      const column = (name: string) => header.indexOf(name) + 1;
      const email = sheet.getColumn(column(language === 'ar' ? 'البريد الإلكتروني' : 'Email'));
      expect(email.width).toBe(32);
      expect(sheet.getColumn(1).width).toBe(10);
      const row = sheet.getRow(2);
      const cell = (name: string) => row.getCell(column(name));
      if (language === 'ar') {
        expect(cell('الحالة').value).toBe('معلّق مؤقتًا');
        expect(cell('مفعّل').value).toBe('نعم');
        expect(cell('الهاتف').value).toBe('+201001234567');
        expect(cell('تاريخ الإنشاء').value).toBe('2026-11-28 00:30');
      } else {
        expect(cell('Status').value).toBe('On hold');
        expect(cell('Active').value).toBe('Yes');
        // A typed text cell: shown as written, never an apostrophe, never a number.
        expect(cell('Phone').value).toBe('+201001234567');
        expect(cell('Phone').type).toBe(ExcelJS.ValueType.String);
        expect(cell('Created at').value).toBe('2026-11-28 00:30');
      }
    }
    // A formula in a name stays text in the XLSX: exceljs writes strings as strings, never as formulas.
    const hostile = new ExcelJS.Workbook();
    await hostile.xlsx.load(await (await exportOf('search=HYPERLINK&format=xlsx', 'en')).arrayBuffer());
    const cell = hostile.worksheets[0]!.getRow(2).getCell(3);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe('=HYPERLINK("http://evil.test","x")');
  });
});

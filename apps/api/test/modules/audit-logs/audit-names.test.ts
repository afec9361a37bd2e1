import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { auditLogs } from '../../../src/db/schema/audit';
import { recordAudit } from '../../../src/audit/audit-log';
import { createTestApp, type TestApp } from '../../support/test-app';
import { makeProvider, type MadeProvider } from '../../support/providers';

type Entry = {
  id: number;
  action: string;
  entity: string;
  entity_id: string | null;
  subject: { name_en: string; name_ar: string } | null;
  actor: { name: string } | null;
  after: unknown;
};
type Page = { data: { data: Entry[]; total: number } };

describe('audit log: records by name, a search by name, decisions found by their filter', () => {
  let t: TestApp;
  let rejected: MadeProvider;
  let accepted: MadeProvider;
  beforeAll(async () => {
    t = await createTestApp();
    rejected = await makeProvider(t.db, 'doctor', { name_en: 'Dr. Rejected Raouf', name_ar: 'د. رؤوف المرفوض' });
    accepted = await makeProvider(t.db, 'doctor', { name_en: 'Dr. Accepted Amal', name_ar: 'د. أمل المقبولة' });
    // Decisions through the API: stored as `status` rows, as the dashboard makes them.
    const decide = (id: number, json: unknown) => t.call(`/api/admin/providers/status/${id}`, { method: 'PATCH', json });
    expect((await decide(rejected.id, { status: 'rejected', reason_codes: ['documents_missing'] })).status).toBe(200);
    expect((await decide(accepted.id, { status: 'approved' })).status).toBe(200);
    const created = (await (
      await t.call('/api/admin/specialities/store', {
        method: 'POST',
        json: { name_ar: 'طب المناطق الحارة', name_en: 'Tropical medicine' },
      })
    ).json()) as { data: { id: number } };
    expect((await t.call(`/api/admin/specialities/delete/${created.data.id}`, { method: 'DELETE' })).status).toBe(200);
    // A row whose record id is no number, and one about a record that is gone without a name recorded.
    await recordAudit(t.db, { actorId: t.adminId, action: 'update', entity: 'provider', entityId: 'not-a-number' });
    await recordAudit(t.db, { actorId: t.adminId, action: 'delete', entity: 'provider', entityId: 999_999_999 });
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.call(`/api/admin/audit-logs?${query}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Page).data;
  };

  it("names each row's record in both languages: as it is now, else as its change recorded it, else nothing", async () => {
    const { data } = await list('entity=provider&per_page=100');
    const about = (id: number) => data.find((entry) => entry.entity_id === String(id));
    expect(about(rejected.id)!.subject).toEqual({ name_en: 'Dr. Rejected Raouf', name_ar: 'د. رؤوف المرفوض' });
    expect(about(accepted.id)!.subject).toEqual({ name_en: 'Dr. Accepted Amal', name_ar: 'د. أمل المقبولة' });
    expect(data.find((entry) => entry.entity_id === 'not-a-number')!.subject).toBeNull();
    expect(about(999_999_999)!.subject).toBeNull();
    const speciality = await list('entity=speciality');
    // The deletion names the speciality it deleted, from the names it recorded.
    expect(speciality.data.map((entry) => [entry.action, entry.subject?.name_en])).toEqual([
      ['delete', 'Tropical medicine'],
      ['create', 'Tropical medicine'],
    ]);
  });

  it('finds rows by the record name (either language, folded: ؤ as و) and by the admin name', async () => {
    const byName = await list('search=raouf');
    expect(byName.data.map((entry) => entry.entity_id)).toEqual([String(rejected.id)]);
    expect((await list(`search=${encodeURIComponent('رووف المرفوض')}`)).data.map((entry) => entry.entity_id)).toEqual([
      String(rejected.id),
    ]);
    const admin = (await list('per_page=1')).data[0]!.actor!.name;
    expect((await list(`search=${encodeURIComponent(admin)}`)).total).toBe((await list('')).total);
    expect((await list('search=nobody-by-this-name')).total).toBe(0);
  });

  it('"Rejected" finds rejections recorded as a status change, "Approved" the acceptances', async () => {
    const rejections = await list('action=reject');
    expect(rejections.data.map((entry) => entry.entity_id)).toContain(String(rejected.id));
    expect(rejections.data.map((entry) => entry.entity_id)).not.toContain(String(accepted.id));
    const acceptances = await list('action=approve&entity=provider');
    expect(acceptances.data.map((entry) => entry.entity_id)).toEqual([String(accepted.id)]);
    expect((await list('action=reject&search=amal')).total).toBe(0);
    const stored = await t.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.entity, 'provider'), eq(auditLogs.entity_id, String(rejected.id))));
    expect(stored.map((row) => row.action)).toEqual(['status']);
  });

  it("exports the record's name beside its id, and moments in Cairo time", async () => {
    const response = await t.call('/api/admin/audit-logs/export?action=reject&format=xlsx', { headers: { 'accept-language': 'ar' } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('سجل التدقيق');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const row = (sheet.getRow(2).values as unknown[]).slice(1);
    expect(row[header.indexOf('اسم السجل')]).toBe('د. رؤوف المرفوض');
    expect(String(row[header.indexOf('تاريخ الإنشاء')])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });
});

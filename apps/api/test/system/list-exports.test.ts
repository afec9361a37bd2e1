import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { users } from '../../src/db/schema/accounts';
import { auditLogs } from '../../src/db/schema/audit';
import { prescriptions } from '../../src/db/schema/prescriptions';
import { providerAttachments, providers } from '../../src/db/schema/providers';
import { specialities } from '../../src/db/schema/catalogs';
import { png, pdf } from '../support/files';
import { makeProvider } from '../support/providers';
import { parseCsv } from '../support/csv';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessRows, accessRowsOf } from '../support/access-log';
import { recordAudit } from '../../src/audit/audit-log';

/** The first sheet of a workbook as rows of cells (exceljs reads it back), with each cell's type. */
async function parseXlsx(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  const sheet = workbook.worksheets[0]!;
  const rows: Array<Array<{ value: unknown; type: ExcelJS.ValueType }>> = [];
  sheet.eachRow((row) => {
    const cells: Array<{ value: unknown; type: ExcelJS.ValueType }> = [];
    for (let i = 1; i <= sheet.columnCount; i++) {
      const cell = row.getCell(i);
      cells.push({ value: cell.value, type: cell.type });
    }
    rows.push(cells);
  });
  return rows;
}

type DocPaths = Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
type Schema = { type?: string; properties?: Record<string, Schema> };

/**
 * GET routes under /api/admin whose answer is a list: Laravel's paginator under `data`, or an array under
 * `data` (lists answered whole). Not lists, so exempt: the command palette's top matches, the signed-in
 * admin's sessions (security, not records), and one provider's files (links, not rows).
 */
const notLists = new Set([
  '/api/admin/search',
  '/api/admin/sessions',
  '/api/admin/admins/{id}/sessions',
  '/api/admin/providers/attachments/{id}',
]);
/**
 * Lists that are working views, not records to report on: the notifications list shows masked recipients and never a
 * message's text, for an admin to find and resend a failed message (docs/decisions.md); a file of it would carry the
 * masking's purpose out of the dashboard for nothing.
 */
const withoutExport = new Set(['/api/admin/notifications']);
function listRoutes(paths: DocPaths): string[] {
  return Object.entries(paths)
    .filter(([path, operations]) => {
      if (!path.startsWith('/api/admin/') || path.endsWith('/export') || notLists.has(path) || withoutExport.has(path)) return false;
      const schema = operations.get?.responses?.['200']?.content?.['application/json']?.schema as Schema | undefined;
      const data = schema?.properties?.data;
      return Boolean(data?.properties?.current_page) || data?.type === 'array';
    })
    .map(([path]) => path);
}

describe('every list exports (CSV and XLSX, one mechanism)', () => {
  let t: TestApp;
  let paths: DocPaths;
  let doctorIds: number[];
  beforeAll(async () => {
    t = await createTestApp();
    paths = ((await (await t.call('/api/docs/json', { token: null })).json()) as { paths: DocPaths }).paths;
    const [speciality] = await t.db.insert(specialities).values({ name_ar: 'القلب', name_en: 'Cardiology' }).returning();
    doctorIds = [];
    for (let i = 0; i < 6; i++) {
      const doctor = await makeProvider(t.db, 'doctor', {
        name_ar: i === 4 ? '=1+2 طبيب' : `د. أحمد ${i}`,
        name_en: `Dr Ahmed ${i}`,
        status: i % 2 === 0 ? 'approved' : 'pending',
        speciality_id: speciality!.id,
      });
      doctorIds.push(doctor.id);
    }
  }, 120_000);
  afterAll(() => t.close());

  const csv = async (path: string, language = 'en') => {
    const response = await t.call(path, { headers: { 'accept-language': language } });
    expect(response.status, path).toBe(200);
    return { response, records: parseCsv(await response.text()) };
  };

  it('gives every list route an export twin (a new list without one fails here)', () => {
    const lists = listRoutes(paths);
    expect(lists.length).toBeGreaterThan(25);
    expect(lists.filter((path) => !paths[`${path}/export`]?.get)).toEqual([]);
  });

  it('answers every export with a file whose header row is the list columns, in the admin language', async () => {
    const exports = Object.keys(paths).filter((path) => path.startsWith('/api/admin/') && path.endsWith('/export'));
    for (const path of exports) {
      // A parent id: one of the doctors (lists under another kind of parent answer 404, as their list does).
      const url = path.replace(/\{(entity)\}/, 'provider').replace(/\{\w+\}/g, String(doctorIds[0]));
      for (const language of ['en', 'ar']) {
        const response = await t.call(`${url}?format=csv`, { headers: { 'accept-language': language } });
        expect([200, 404], `${url} ${await response.clone().text()}`).toContain(response.status);
        if (response.status !== 200) continue;
        const [header] = parseCsv(await response.text());
        expect(header!.length, url).toBeGreaterThan(2);
        if (language === 'ar') expect(header![0], url).toBe('المعرّف');
      }
    }
  });

  it('exports exactly the filtered, searched and sorted list, Arabic intact, formulas neutralised (CSV)', async () => {
    const listed = (await (
      await t.call('/api/admin/providers/doctors?status=approved&sort=name_en&direction=desc&per_page=100')
    ).json()) as {
      data: { data: Array<{ id: number; name_ar: string; appointments_count: number }> };
    };
    const { response, records } = await csv(
      '/api/admin/providers/doctors/export?status=approved&sort=name_en&direction=desc&format=csv',
      'ar',
    );
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="doctors-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = records;
    expect(header!.slice(0, 3)).toEqual(['المعرّف', 'الاسم بالعربية', 'الاسم بالإنجليزية']);
    expect(rows.map((row) => Number(row[0]))).toEqual(listed.data.data.map((doctor) => doctor.id));
    expect(rows.map((row) => row[0])).toHaveLength(3);
    expect(rows.find((row) => row[2] === 'Dr Ahmed 4')?.[1]).toBe(`'=1+2 طبيب`);
    expect(rows.find((row) => row[2] === 'Dr Ahmed 0')?.[1]).toBe('د. أحمد 0');
    // The speciality in the admin's language.
    expect(rows[0]![header!.indexOf('التخصص')]).toBe('القلب');
    // The appointment counts the page reads beside its statement, streamed by the export's own.
    expect(rows.map((row) => Number(row[header!.indexOf('المواعيد')]))).toEqual(
      listed.data.data.map((doctor) => doctor.appointments_count),
    );
  });

  it('streams the same rows as XLSX that exceljs reads back, text cells never formulas', async () => {
    const response = await t.call('/api/admin/providers/doctors/export?search=Ahmed 4&format=xlsx', {
      headers: { 'accept-language': 'ar' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers.get('content-disposition')).toMatch(/filename="doctors-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const [header, ...rows] = await parseXlsx(await response.arrayBuffer());
    expect(header!.slice(0, 2).map((cell) => cell.value)).toEqual(['المعرّف', 'الاسم بالعربية']);
    expect(rows).toHaveLength(1);
    expect(rows[0]![0]!.value).toBe(doctorIds[4]);
    expect(rows[0]![1]).toEqual({ value: '=1+2 طبيب', type: ExcelJS.ValueType.String });
  });

  it('exports the users list as XLSX with Arabic intact and the search honoured', async () => {
    await t.db.insert(users).values([
      { name: 'سارة محمود', email: 'sara@export.test', password_hash: 'x', role: 'user' },
      { name: 'Someone Else', email: 'else@export.test', password_hash: 'x', role: 'user' },
    ]);
    const response = await t.call('/api/admin/users/export?search=سارة&format=xlsx');
    const [header, ...rows] = await parseXlsx(await response.arrayBuffer());
    expect(header![1]!.value).toBe('Name');
    expect(rows.map((row) => row[1]!.value)).toEqual(['سارة محمود']);
  });

  it('keeps a line break inside a quoted cell: one record, though `wc -l` counts two lines', async () => {
    await t.db.insert(users).values({ name: 'سطر أول\nسطر ثان', email: 'lines@export.test', password_hash: 'x', role: 'user' });
    const response = await t.call('/api/admin/users/export?search=lines@export&format=csv');
    const text = await response.text();
    expect(text).toContain('"سطر أول\nسطر ثان"');
    expect(text.split('\n').length - 1).toBe(3);
    const records = parseCsv(text);
    expect(records).toHaveLength(2);
    expect(records[1]![1]).toBe('سطر أول\nسطر ثان');
  });

  it('answers 422 in Laravel shape for a bad format, on every kind of list', async () => {
    for (const path of [
      '/api/admin/providers/doctors/export?format=pdf',
      '/api/admin/plans/export',
      '/api/admin/audit-logs/export?format=xls',
    ]) {
      const response = await t.call(path);
      expect(response.status, path).toBe(422);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors.format).toBeDefined();
    }
    const refused = await t.call('/api/admin/audit-logs/export?format=csv&from=2026-02-01&to=2026-01-01');
    expect(refused.status).toBe(422);
  });

  it('logs an export in the access log with its list, format, filters and row count (not in the audit log)', async () => {
    const rows = await accessRowsOf(t, () => csv('/api/admin/providers/doctors/export?status=pending&format=csv'));
    expect(rows.map((row) => [row.actor_kind, row.actor_id, row.kind, row.purpose, row.entity, row.details])).toEqual([
      [
        'admin',
        t.adminId,
        'export',
        'reporting',
        'provider',
        { list: '/api/admin/providers/doctors', format: 'csv', filters: { status: 'pending', direction: 'asc' }, rows: 3 },
      ],
    ]);
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'export'))).toEqual([]);
  });

  it('exports the audit log itself under its filters', async () => {
    await recordAudit(t.db, { actorId: t.adminId, action: 'delete', entity: 'speciality', entityId: 1 });
    const { records } = await csv('/api/admin/audit-logs/export?action=delete&format=csv');
    const [header, ...rows] = records;
    const action = header!.indexOf('Action');
    expect(rows.length).toBeGreaterThan(0);
    // The action in the screen's words (export-presentation.test.ts names them in both languages).
    expect(rows.every((row) => row[action] === 'Deleted')).toBe(true);
  });
});

describe('openings of patient files are access-logged', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const views = async () => (await accessRows(t)).filter((row) => row.route === 'GET /storage/*');

  it('records who opened which prescription image, and refuses a link whose viewer was changed', async () => {
    const pharmacy = await makeProvider(t.db, 'pharmacy', { status: 'approved' });
    const [patient] = await t.db
      .insert(users)
      .values({ name: 'Patient', email: 'patient@view.test', password_hash: 'x', role: 'user' })
      .returning();
    const [row] = await t.db
      .insert(prescriptions)
      .values({ user_id: patient!.id, pharmacy_id: pharmacy.id, images: ['prescriptions/view-test.png'] })
      .returning();
    await t.storage.put('prescriptions/view-test.png', png(10, 10));
    const list = (await (await t.call('/api/admin/prescription/index')).json()) as { data: { data: Array<{ id: number; image: string }> } };
    const image = list.data.data.find((item) => item.id === row!.id)!.image;
    expect(await views()).toEqual([]);

    const opened = await t.call(`/storage/${image}`, { token: null });
    expect(opened.status).toBe(200);
    expect(
      (await views()).map((entry) => [
        entry.actor_kind,
        entry.actor_id,
        entry.kind,
        entry.purpose,
        entry.entity,
        entry.record_ids,
        entry.subject_user_ids,
        entry.details,
      ]),
    ).toEqual([
      [
        'admin',
        t.adminId,
        'prescription_image',
        'platform_oversight',
        'prescription',
        [String(row!.id)],
        [patient!.id],
        { file: 'prescriptions/view-test.png' },
      ],
    ]);

    const forged = await t.call(`/storage/${image.replace(/view=a\d+/, `view=a${t.adminId + 1}`)}`, { token: null });
    expect(forged.status).toBe(403);
    expect(await views()).toHaveLength(1);
  });

  it("records who opened a provider's attachment", async () => {
    const hospital = await makeProvider(t.db, 'hospital');
    await t.storage.put('attachments/view-test.pdf', pdf());
    const [attachment] = await t.db
      .insert(providerAttachments)
      .values({
        provider_id: hospital.id,
        kind: 'license',
        path: 'attachments/view-test.pdf',
        original_name: 'license.pdf',
        mime_type: 'application/pdf',
        size: pdf().length,
      })
      .returning();
    const body = (await (await t.call(`/api/admin/providers/attachments/${hospital.id}`)).json()) as { data: Array<{ url: string }> };
    expect((await t.call(body.data[0]!.url, { token: null })).status).toBe(200);
    const entries = (await views()).filter((entry) => entry.entity === 'provider_attachment');
    expect(entries.map((entry) => [entry.actor_id, entry.kind, entry.purpose, entry.record_ids, entry.subject_user_ids])).toEqual([
      [t.adminId, 'provider_document', 'provider_review', [String(attachment!.id)], [hospital.userId]],
    ]);
    // The provider row is untouched by a view.
    expect((await t.db.select().from(providers).where(eq(providers.id, hospital.id)))[0]!.id).toBe(hospital.id);
  });
});

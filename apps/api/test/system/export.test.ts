import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/accounts';
import { countries } from '../../src/db/schema/locations';
import { parseCsv } from '../support/csv';
import { createTestApp, type TestApp } from '../support/test-app';
import { accessRowsOf } from '../support/access-log';

type Account = { id: number; name: string; email: string };
type Page = { data: { data: Account[]; next_page_url: string | null } };

describe('list exports (CSV, streamed through a cursor)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const [country] = await t.db.insert(countries).values({ name_ar: 'مصر', name_en: 'Egypt', mobile_prefix: '+20' }).returning();
    // More rows than one cursor batch (1000), so the export crosses batches.
    await t.db.insert(users).values(
      Array.from({ length: 1205 }, (_, i) => ({
        name: i % 3 === 0 ? `محمد أحمد ${i}` : i === 1 ? '=HYPERLINK("http://evil.test","x"), "quoted"' : `User ${i}`,
        email: `export${i}@sehha.test`,
        password_hash: `secret-hash-${i}`,
        role: 'user' as const,
        phone: `+2010${String(i).padStart(7, '0')}`,
        country_id: country!.id,
      })),
    );
  });
  afterAll(() => t.close());

  /** Every row of a list, page after page, as the dashboard shows them. */
  async function allPages(path: string): Promise<Account[]> {
    const rows: Account[] = [];
    let url: string | null = path;
    while (url) {
      const body = (await (await t.call(url.replace(t.baseUrl, ''))).json()) as Page;
      rows.push(...body.data.data);
      url = body.data.next_page_url;
    }
    return rows;
  }

  async function exported(query: string, language = 'en') {
    const response = await t.call(`/api/admin/users/export?${query}`, { headers: { 'accept-language': language } });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { response, bytes, records: parseCsv(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1)) };
  }

  it('exports every row of the list under its search and sort, in the same order, UTF-8 with a BOM', async () => {
    const listed = await allPages('/api/admin/users?search=محمد&sort=name&direction=desc&per_page=100');
    expect(listed.length).toBe(402);
    const { response, bytes, records } = await exported('search=محمد&sort=name&direction=desc&format=csv');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = records;
    expect(header).toEqual(['ID', 'Name', 'Email', 'Phone', 'WhatsApp', 'Role', 'Country', 'Active', 'Deactivated at', 'Created at']);
    expect(rows.map((row) => Number(row[0]))).toEqual(listed.map((account) => account.id));
    expect(rows.map((row) => row[1])).toEqual(listed.map((account) => account.name));
    expect(rows[0]![6]).toBe('Egypt');
  });

  it('exports all rows across cursor batches, without secrets', async () => {
    const listed = await allPages('/api/admin/users?per_page=100');
    const { records } = await exported('format=csv');
    expect(records.slice(1).map((row) => Number(row[0]))).toEqual(listed.map((account) => account.id));
    expect(records.flat().some((cell) => cell.includes('secret-hash'))).toBe(false);
  });

  it('writes an XLSX of every row across cursor batches, each batch waiting for the zip to take the previous one', async () => {
    const listed = await allPages('/api/admin/users?per_page=100');
    const response = await t.call('/api/admin/users/export?format=xlsx');
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const ids: number[] = [];
    workbook.worksheets[0]!.eachRow((row, number) => {
      if (number > 1) ids.push(Number(row.getCell(1).value));
    });
    expect(ids).toEqual(listed.map((account) => account.id));
  });

  it('writes the headers and the country in Arabic for an Arabic admin', async () => {
    const { records } = await exported('search=محمد&format=csv', 'ar');
    expect(records[0]).toEqual([
      'المعرّف',
      'الاسم',
      'البريد الإلكتروني',
      'الهاتف',
      'واتساب',
      'الدور',
      'الدولة',
      'مفعّل',
      'تاريخ إلغاء التفعيل',
      'تاريخ الإنشاء',
    ]);
    expect(records[1]![1]).toMatch(/^محمد أحمد \d+$/);
    expect(records[1]![6]).toBe('مصر');
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { records } = await exported('search=HYPERLINK&format=csv');
    expect(records[1]![1]).toBe(`'=HYPERLINK("http://evil.test","x"), "quoted"`);
    // A phone number starts with + but is no formula: written as it is (docs/exports.md).
    expect(records[1]![3]).toMatch(/^\+2010\d{7}$/);
  });

  it('answers 422 for a missing or unknown format, and 401 without a token', async () => {
    for (const query of ['', 'format=pdf']) {
      const response = await t.call(`/api/admin/users/export?${query}`);
      expect(response.status).toBe(422);
      expect(((await response.json()) as { errors: Record<string, string[]> }).errors.format).toBeDefined();
    }
    const anonymous = await t.call('/api/admin/users/export?format=csv', { token: null });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('exports the deactivated list', async () => {
    const [someone] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'export5@sehha.test'));
    await t.call(`/api/admin/users/deactivate/${someone!.id}`, { method: 'POST' });
    const response = await t.call('/api/admin/users/deactivated/export?format=csv');
    expect(response.headers.get('content-disposition')).toMatch(/filename="deactivated-users-/);
    const records = parseCsv(await response.text());
    expect(records.slice(1).map((row) => Number(row[0]))).toEqual([someone!.id]);
  });

  it('logs who exported what, under which filters, how many rows and whose data (the access log)', async () => {
    const rows = await accessRowsOf(t, () => exported('search=User 1&format=csv'));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ actor_kind: 'admin', actor_id: t.adminId, kind: 'export', purpose: 'reporting', entity: 'user' });
    expect(row!.details).toMatchObject({ list: '/api/admin/users', format: 'csv', filters: { search: 'User 1', direction: 'asc' } });
    expect((row!.details as { rows: number }).rows).toBeGreaterThan(0);
    // A list of people: each one exported is a subject of the row.
    expect(row!.subject_user_ids).toHaveLength((row!.details as { rows: number }).rows);
  });
});

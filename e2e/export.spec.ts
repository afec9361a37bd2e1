import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { axeBuilder } from './support/axe';
import ExcelJS from 'exceljs';
import { baseURL, languages } from './support/env';
import { appText } from './support/app-text';
import { gotoAs, sharedSession, type Session } from './support/session';

type Account = { id: number; name: string; email: string };

/** RFC 4180 records: quoted cells may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted && char === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (char === '"') quoted = !quoted;
    else if (!quoted && char === ',') {
      record.push(cell);
      cell = '';
    } else if (!quoted && char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return records;
}

/** The sheet's rows as text, and the sheet itself (its name, view, filter). */
async function parseXlsx(bytes: Buffer): Promise<{ rows: string[][]; sheet: ExcelJS.Worksheet }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  const sheet = workbook.worksheets[0]!;
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return { rows, sheet };
}

/** Every active user the list shows under a search, page after page, through the API. */
async function listed(page: Page, session: Session, search: string): Promise<Account[]> {
  const rows: Account[] = [];
  for (let n = 1; ; n++) {
    const response = await page.request.get(`${baseURL}/api/admin/users?per_page=100&page=${n}&search=${encodeURIComponent(search)}`, {
      headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    });
    const body = (await response.json()) as { data: { data: Account[]; next_page_url: string | null } };
    rows.push(...body.data.data);
    if (!body.data.next_page_url) return rows;
  }
}

/** The first word of an Arabic-named demo user (a search that matches some users, not all), and the list's total. */
async function arabicSearch(page: Page, session: Session): Promise<{ search: string; total: number }> {
  const all = await page.request.get(`${baseURL}/api/admin/users?per_page=100`, { headers: { Authorization: `Bearer ${session.token}` } });
  const body = (await all.json()) as { data: { data: Account[]; total: number } };
  const arabic = body.data.data.map((account) => account.name).find((name) => /^[\u0600-\u06FF]+\s/.test(name));
  expect(arabic, 'the demo data has Arabic-named users').toBeDefined();
  return { search: arabic!.split(/\s/)[0]!, total: body.data.total };
}

for (const lng of languages) {
  test.describe(`export (${lng})`, () => {
    for (const format of ['csv', 'xlsx'] as const) {
      test(`exports the searched users list as ${format} with Arabic intact and only the matching rows`, async ({ page }) => {
        const session = await sharedSession(page.request);
        const { search, total } = await arabicSearch(page, session);
        const expected = await listed(page, session, search);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(total);

        await gotoAs(page, lng, `/dashboard/users?search=${encodeURIComponent(search)}`, session);
        await expect(page.getByRole('table')).toContainText(expected[0]!.name);
        await page.getByRole('button', { name: appText(lng, 'common:export.button') }).click();
        // The menu is new: its button and items pass axe (names, roles, contrast).
        const axe = await axeBuilder(page).include('[data-export]').include('[role="menu"]').analyze();
        expect(axe.violations).toEqual([]);
        const downloading = page.waitForEvent('download');
        await page.getByRole('menuitem', { name: appText(lng, `common:export.${format}`) }).click();
        const download = await downloading;
        expect(download.suggestedFilename()).toMatch(new RegExp(`^users-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
        const bytes = await readFile((await download.path())!);

        const records =
          format === 'csv'
            ? (() => {
                expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
                return parseCsv(bytes.subarray(3).toString('utf8'));
              })()
            : await (async () => {
                const { rows, sheet } = await parseXlsx(bytes);
                // A sheet named for the list in the admin's language, its header frozen and filterable, Arabic right to left.
                expect(sheet.name).toBe(lng === 'ar' ? 'المستخدمون' : 'Users');
                expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, rightToLeft: lng === 'ar' });
                expect(sheet.autoFilter).toBeTruthy();
                expect(sheet.getColumn(3).width).toBeGreaterThan(20);
                return rows;
              })();
        const [header, ...rows] = records;
        // Yes/no and dates in the admin's language and the platform's clock; phone numbers without an apostrophe.
        expect(new Set(rows.map((row) => row[7]))).toEqual(new Set([lng === 'ar' ? 'نعم' : 'Yes']));
        expect(rows.every((row) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(row[9]!))).toBe(true);
        expect(rows.some((row) => row[3]!.startsWith("'"))).toBe(false);
        // Headers in the admin's language (the dashboard sends its Accept-Language).
        expect(header![1]).toBe(lng === 'ar' ? 'الاسم' : 'Name');
        expect(rows.map((row) => Number(row[0]))).toEqual(expected.map((account) => account.id));
        expect(rows.map((row) => row[1])).toEqual(expected.map((account) => account.name));
        expect(rows.some((row) => /[\u0600-\u06FF]/.test(row[1]!))).toBe(true);
        await expect(page.getByText(appText(lng, 'common:export.done'))).toBeVisible();
      });
    }
  });
}

import { expect, test, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { baseURL, languages, type Lng } from './support/env';
import { apiLogin, gotoAs, sharedSession, storedSession } from './support/session';
import { appText } from './support/app-text';
import { audit } from './support/axe';

const texts = {
  en: {
    title: 'Prescriptions',
    columns: (['prescription', 'pharmacyName', 'userName', 'replyStatus'] as const).map((key) => appText('en', `prescriptions:${key}`)),
    replyStatuses: (['waiting', 'available', 'partly_available', 'unavailable'] as const).map((key) =>
      appText('en', `prescriptions:replyStatuses.${key}`),
    ),
    search: appText('en', 'prescriptions:searchPlaceholder'),
    dialogTitle: appText('en', 'prescriptions:dialogTitle'),
    close: appText('en', 'prescriptions:close'),
    noResults: appText('en', 'prescriptions:noResults'),
    next: appText('en', 'common:pagination.next'),
    pageOf: (page: number, total: number) => appText('en', 'common:pagination.pageOf', { page, total }),
  },
  ar: {
    title: 'الوصفات الطبية',
    columns: (['prescription', 'pharmacyName', 'userName', 'replyStatus'] as const).map((key) => appText('ar', `prescriptions:${key}`)),
    replyStatuses: (['waiting', 'available', 'partly_available', 'unavailable'] as const).map((key) =>
      appText('ar', `prescriptions:replyStatuses.${key}`),
    ),
    search: appText('ar', 'prescriptions:searchPlaceholder'),
    dialogTitle: appText('ar', 'prescriptions:dialogTitle'),
    close: appText('ar', 'prescriptions:close'),
    noResults: appText('ar', 'prescriptions:noResults'),
    next: appText('ar', 'common:pagination.next'),
    pageOf: (page: number, total: number) =>
      appText('ar', 'common:pagination.pageOf', {
        page: new Intl.NumberFormat('ar-EG').format(page),
        total: new Intl.NumberFormat('ar-EG').format(total),
      }),
  },
} satisfies Record<Lng, Record<string, unknown>>;

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const pharmacyName = (lng: Lng) => (lng === 'en' ? demoFixtures.prescription.pharmacy_en : demoFixtures.prescription.pharmacy_ar);
const prescriptionPages = async (page: Page, token: string) => {
  const response = await page.request.get(`${baseURL}/api/admin/prescription/index?page=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
  });
  return ((await response.json()) as { data: { last_page: number } }).data.last_page;
};
const loaded = (selector: ReturnType<Page['locator']>) =>
  expect.poll(() => selector.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`prescriptions (${lng})`, () => {
    test('lists prescriptions with 96 px thumbnails and opens the full image in a dialog', async ({ page }) => {
      const asked = page.waitForRequest((r) => r.url().endsWith('/api/admin/prescription/index?page=1'));
      await gotoAs(page, lng, '/dashboard/prescription');
      await asked;
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      await expect(page.getByRole('columnheader')).toHaveText(t.columns);
      await expect(rows(page)).toHaveCount(10);

      // The newest prescription is the demo fixture.
      const newest = rows(page).first();
      await expect(newest).toContainText(pharmacyName(lng));
      await expect(newest).toContainText(demoFixtures.prescription.userName);
      const thumbnail = newest.locator('img');
      await loaded(thumbnail);
      const box = await thumbnail.boundingBox();
      expect(box?.width).toBe(96);
      expect(box?.height).toBe(96);

      await newest.getByRole('button').click();
      const dialog = page.getByRole('dialog', { name: t.dialogTitle });
      await expect(dialog).toBeVisible();
      const full = dialog.getByRole('img');
      await loaded(full);
      const src = (await full.getAttribute('src'))!;
      expect(src).toMatch(/^\/storage\/prescriptions\/[^?]+\?expires=\d+&signature=[\w-]+&view=a\d+\.prescription\.\d+\.\d+$/);

      // Privacy: the signed link works, the bare path does not, even for the admin's browser.
      expect((await page.request.get(`${baseURL}${src}`)).status()).toBe(200);
      expect((await page.request.get(`${baseURL}${src.split('?')[0]}`)).status()).toBe(403);

      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toBeHidden();
    });

    test('searches by pharmacy name with Accept-Language ar; an empty box shows the fetched page again', async ({ page }) => {
      const session = await sharedSession(page.request);
      const lastPage = await prescriptionPages(page, session.token);
      await gotoAs(page, lng, '/dashboard/prescription?page=2', session);
      await expect(page.getByText(t.pageOf(2, lastPage))).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      const pageTwo = await rows(page).allInnerTexts();

      const box = page.getByPlaceholder(t.search);
      const searched = page.waitForRequest((r) => r.url().includes('/api/admin/prescription/index?pharmacy_name='));
      await box.fill(pharmacyName(lng));
      await box.press('Enter');
      const request = await searched;
      expect(new URL(request.url()).searchParams.get('pharmacy_name')).toBe(pharmacyName(lng));
      expect(request.headers()['accept-language']).toBe('ar');
      await expect(page).toHaveURL(/page=2/);
      await expect(rows(page).first()).toContainText(demoFixtures.prescription.userName);
      for (const text of await rows(page).allInnerTexts()) expect(text).toContain(pharmacyName(lng));

      await box.fill('zzzz nothing like this');
      await box.blur();
      await expect(page.getByText(t.noResults)).toBeVisible();

      await box.fill('');
      await box.blur();
      await expect(page.getByText(t.pageOf(2, lastPage))).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      expect(await rows(page).allInnerTexts()).toEqual(pageTwo);
    });

    test('shows the pharmacy’s reply status beside the columns: waiting for today’s, the answers of older ones', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/prescription');
      await expect(rows(page)).toHaveCount(10);
      const [waiting, ...replied] = t.replyStatuses;
      // The newest (the fixture, sent a moment ago) is still waiting for its pharmacy.
      await expect(rows(page).first().locator('td').last()).toHaveText(waiting!);
      const shown = (await rows(page).locator('td:last-child').allInnerTexts()).map((text) => text.trim());
      for (const text of shown) expect(t.replyStatuses).toContain(text);
      expect(shown.some((text) => replied.includes(text))).toBe(true);
      await audit(page, `${lng} prescriptions`);
    });

    test("an expired token ('Unauthenticated.') is removed and the admin goes to the login screen", async ({ page }) => {
      const session = await apiLogin(page.request);
      await gotoAs(page, lng, '/dashboard/prescription', session);
      await expect(rows(page)).toHaveCount(10);
      const logout = await page.request.post(`${baseURL}/api/auth/logout`, {
        headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
      });
      expect(logout.ok()).toBe(true);

      const answer = page.waitForResponse((r) => r.url().includes('/api/admin/prescription/index?page=2'));
      await page.getByRole('button', { name: t.next }).click();
      const response = await answer;
      expect(response.status()).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unauthenticated.' });
      await expect(page).toHaveURL(`/${lng}/login`);
      expect((await storedSession(page)).token).toBeNull();
    });
  });
}

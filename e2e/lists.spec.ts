import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { rowAction } from './support/row-menu';
import { appText } from './support/app-text';

/**
 * What every list shares (components/table): no sideways scrolling at 1280 px, the "⋯" row menu by
 * keyboard, server-side sorting from the headers, rows per page, the total and a page jump kept in
 * the URL across reloads and language switches, and stacked cards on a 390 px phone.
 */
const texts = {
  en: {
    name: appText('en', 'providers:columns.name'),
    joined: appText('en', 'common:joined'),
    actionsFor: (name: string) => appText('en', 'common:rowActions', { name }),
    perPage: appText('en', 'common:pagination.perPage'),
    goTo: appText('en', 'common:pagination.goTo'),
    go: appText('en', 'common:pagination.go'),
    switchLanguage: appText('en', 'common:switchLanguage'),
    ads: appText('en', 'providers:links.ads'),
    deactivate: appText('en', 'common:deactivate'),
    clearFilters: appText('en', 'common:clearFilters'),
    loading: appText('en', 'common:loading'),
  },
  ar: {
    name: appText('ar', 'providers:columns.name'),
    joined: appText('ar', 'common:joined'),
    actionsFor: (name: string) => appText('ar', 'common:rowActions', { name }),
    perPage: appText('ar', 'common:pagination.perPage'),
    goTo: appText('ar', 'common:pagination.goTo'),
    go: appText('ar', 'common:pagination.go'),
    switchLanguage: appText('ar', 'common:switchLanguage'),
    ads: appText('ar', 'providers:links.ads'),
    deactivate: appText('ar', 'common:deactivate'),
    clearFilters: appText('ar', 'common:clearFilters'),
    loading: appText('ar', 'common:loading'),
  },
} satisfies Record<Lng, Record<string, unknown>>;

const locale = (lng: Lng) => (lng === 'ar' ? 'ar-EG' : 'en-US');
const digits = (lng: Lng, value: number) => new Intl.NumberFormat(locale(lng)).format(value);
const rangeOf = (lng: Lng, from: number, to: number, total: number) =>
  appText(lng, 'common:pagination.range', { from: digits(lng, from), to: digits(lng, to), total: digits(lng, total) });

/** Every screen whose body is a data table. */
const lists = [
  '/dashboard/users',
  '/dashboard/users/deactivated',
  '/dashboard/doctors',
  '/dashboard/pharmacies',
  '/dashboard/pharmacies?tab=categories',
  '/dashboard/hospitals',
  '/dashboard/hospitals?tab=types',
  '/dashboard/medical-center',
  '/dashboard/company',
  '/dashboard/home-ads',
  '/dashboard/requests',
  '/dashboard/specialities',
  '/dashboard/locations',
  '/dashboard/locations?tab=cities',
  '/dashboard/locations?tab=states',
  '/dashboard/prescription',
  '/dashboard/license',
  '/dashboard/user-subscription',
  '/dashboard/audit-log',
];

const tableBody = (page: Page) => page.getByRole('table').locator('tbody');
const firstCells = (page: Page) => tableBody(page).locator('tr td[data-column="name"]');

async function apiNames(page: Page, session: Session, query: string) {
  const response = await page.request.get(`${baseURL}/api/admin/users?${query}`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { data: { name: string }[]; total: number } }).data;
}

/** Whether an element's text colour is a red (Tailwind 4 computes oklch(); older engines rgb()). */
const isRed = (locator: Locator) =>
  locator.evaluate((el) => {
    const color = getComputedStyle(el).color;
    const [a, b, c] = (color.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
    if (color.startsWith('oklch')) return b! > 0.1 && (c! < 45 || c! > 340);
    return a! > b! + 60 && a! > c! + 60;
  });

async function settled(page: Page) {
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
}

languages.forEach((lng) => {
  const t = texts[lng];

  test.describe(`lists (${lng})`, () => {
    test('no list scrolls sideways at 1280 px: not the page, not the table', async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      const session = await sharedSession(page.request);
      for (const path of lists) {
        await gotoAs(page, lng, path, session);
        await settled(page);
        await expect(tableBody(page).locator('tr').first()).toBeVisible();
        const widths = await page.evaluate(() => ({
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
          tables: Array.from(document.querySelectorAll<HTMLElement>('[data-table-scroll]')).map((el) => [el.scrollWidth, el.clientWidth]),
        }));
        expect.soft(widths.page[0], `${path}: page ${widths.page}`).toBeLessThanOrEqual(widths.page[1]!);
        for (const [scroll, client] of widths.tables)
          expect.soft(scroll, `${path}: table ${scroll} > ${client}`).toBeLessThanOrEqual(client!);
      }
    });

    test('the ⋯ row menu works by keyboard: arrows, Home/End, Escape returns focus; destructive last', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/doctors');
      await settled(page);
      const row = tableBody(page).locator('tr').first();
      const button = row.locator('[data-row-actions]');
      await expect(button).toHaveAttribute('aria-haspopup', 'menu');
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toHaveAccessibleName(new RegExp(`^${t.actionsFor('')}.+`));

      await button.focus();
      await page.keyboard.press('Enter');
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      const menu = page.getByRole('menu');
      const items = menu.getByRole('menuitem');
      await expect(items.first()).toBeFocused();
      await expect(items.first()).toHaveAccessibleName(t.ads);
      await expect(items.first().locator('svg')).toHaveCount(1);

      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toBeFocused();
      await page.keyboard.press('End');
      const last = items.last();
      await expect(last).toBeFocused();
      await expect(last).toHaveAccessibleName(t.deactivate);
      // Destructive entries sit after a separator, in red.
      await expect(menu.getByRole('separator')).toHaveCount(1);
      expect(await isRed(last)).toBe(true);
      expect(await isRed(items.first())).toBe(false);
      await page.keyboard.press('ArrowDown');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(last).toBeFocused();
      await page.keyboard.press('Home');
      await expect(items.first()).toBeFocused();

      await page.keyboard.press('Escape');
      await expect(menu).toHaveCount(0);
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toBeFocused();

      // ArrowDown on the button opens the menu too; choosing a link goes there.
      await page.keyboard.press('ArrowDown');
      await expect(items.first()).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`/${lng}/dashboard/doctor-ads/\\d+$`));
    });

    test('a header click sorts on the server: URL, order, aria-sort, then the other direction', async ({ page }) => {
      const session = await gotoAs(page, lng, '/dashboard/users');
      await settled(page);
      const nameHeader = page.getByRole('columnheader', { name: t.name, exact: true });
      await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

      await nameHeader.getByRole('button').click();
      await expect(page).toHaveURL(/sort=name&direction=asc/);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
      const ascending = (await apiNames(page, session, 'sort=name&direction=asc&per_page=10')).data.map((u) => u.name);
      await expect(firstCells(page)).toHaveText(ascending);

      await nameHeader.getByRole('button').click();
      await expect(page).toHaveURL(/sort=name&direction=desc/);
      await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
      const descending = (await apiNames(page, session, 'sort=name&direction=desc&per_page=10')).data.map((u) => u.name);
      await expect(firstCells(page)).toHaveText(descending);

      // Joined starts with the newest; the name header is no longer the sorted one.
      const joined = page.getByRole('columnheader', { name: t.joined, exact: true });
      await joined.getByRole('button').click();
      await expect(page).toHaveURL(/sort=created_at&direction=desc/);
      await expect(joined).toHaveAttribute('aria-sort', 'descending');
      await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

      // The sort survives a reload.
      await page.reload();
      await expect(joined).toHaveAttribute('aria-sort', 'descending');
    });

    test('rows per page, the total and a page jump survive a reload and a language switch', async ({ page }) => {
      const session = await gotoAs(page, lng, '/dashboard/users');
      await settled(page);
      const { total } = await apiNames(page, session, 'per_page=25');
      const pager = page.getByRole('navigation', { name: appText(lng, 'common:pagination.label') });

      await pager.getByLabel(t.perPage).selectOption('25');
      await expect(page).toHaveURL(/per_page=25/);
      await expect(tableBody(page).locator('tr')).toHaveCount(25);
      await expect(pager.getByTestId('pagination-range')).toHaveText(rangeOf(lng, 1, 25, total));

      await pager.getByLabel(t.goTo, { exact: true }).fill('3');
      await pager.getByRole('button', { name: t.go, exact: true }).click();
      await expect(page).toHaveURL(/page=3/);
      const range = rangeOf(lng, 51, 75, total);
      await expect(pager.getByTestId('pagination-range')).toHaveText(range);

      await page.reload();
      await expect(pager.getByTestId('pagination-range')).toHaveText(range);
      await expect(pager.getByLabel(t.perPage)).toHaveValue('25');
      await expect(tableBody(page).locator('tr')).toHaveCount(25);

      const other: Lng = lng === 'ar' ? 'en' : 'ar';
      await page
        .getByRole('link', { name: new RegExp(t.switchLanguage) })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/${other}/dashboard/users\\?.*page=3`));
      await expect(page).toHaveURL(/per_page=25/);
      await expect(
        page.getByRole('navigation', { name: appText(other, 'common:pagination.label') }).getByTestId('pagination-range'),
      ).toHaveText(rangeOf(other, 51, 75, total));

      // First and last page buttons.
      const otherPager = page.getByRole('navigation', { name: appText(other, 'common:pagination.label') });
      await otherPager.getByRole('button', { name: appText(other, 'common:pagination.last') }).click();
      await expect(page).toHaveURL(new RegExp(`page=${Math.ceil(total / 25)}`));
      await otherPager.getByRole('button', { name: appText(other, 'common:pagination.first') }).click();
      await expect(page).not.toHaveURL(/[?&]page=/);
    });

    test('every server-paged list offers rows per page, and loads behind skeleton rows as many as a page', async ({ page }) => {
      test.setTimeout(240_000);
      const session = await sharedSession(page.request);
      const paged = [
        '/dashboard/specialities',
        '/dashboard/pharmacies?tab=categories',
        '/dashboard/hospitals?tab=types',
        '/dashboard/locations',
        '/dashboard/locations?tab=cities',
        '/dashboard/locations?tab=states',
        '/dashboard/home-ads',
        '/dashboard/license',
        '/dashboard/user-subscription',
      ];
      for (const path of paged) {
        await gotoAs(page, lng, path, session);
        await settled(page);
        const perPage = page.getByRole('navigation', { name: appText(lng, 'common:pagination.label') }).getByLabel(t.perPage);
        await expect(perPage, path).toBeVisible();
        await perPage.selectOption('25');
        await expect(page, path).toHaveURL(/per_page=25/);
        await settled(page);
      }

      // A slow first page: the table keeps its shape with grey rows and says it is loading.
      await page.route('**/api/admin/specialities?*', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      });
      await gotoAs(page, lng, '/dashboard/specialities?per_page=25', session);
      await expect(page.locator('[data-skeleton-row]')).toHaveCount(25);
      await expect(page.getByRole('status').filter({ hasText: t.loading })).toBeAttached();
      await expect(page.locator('[data-skeleton-row]')).toHaveCount(0);
    });

    test('an empty list under a search or filter offers to clear them, and clearing shows the rows again', async ({ page }) => {
      const session = await sharedSession(page.request);
      for (const path of [
        '/dashboard/specialities?search=zz-nothing-zz',
        '/dashboard/license?status=approved&expired=1&search=zz-nothing-zz',
        '/dashboard/doctors?status=rejected&search=zz-nothing-zz',
      ]) {
        await gotoAs(page, lng, path, session);
        const clear = page.getByRole('button', { name: t.clearFilters });
        await expect(clear, path).toBeVisible();
        await clear.click();
        await expect(page, path).not.toHaveURL(/search=|status=|expired=/);
        await expect(tableBody(page).locator('tr:not([data-status-row])').first(), path).toBeVisible();
        await expect(page.getByRole('searchbox').first()).toHaveValue('');
      }
    });

    test('a 390 px phone shows each row as a card: no sideways scroll, phone numbers unbroken', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const session = await sharedSession(page.request);
      for (const path of ['/dashboard/users', '/dashboard/doctors']) {
        await gotoAs(page, lng, path, session);
        await settled(page);
        const row = tableBody(page).locator('tr').first();
        await expect(row).toHaveCSS('display', 'grid');
        // The headers are visually hidden; each value carries its label.
        await expect(page.getByRole('table').locator('thead')).toHaveCSS('position', 'absolute');
        const widths = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
        expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
        const phone = row.locator('td[data-column="phone"] [dir="ltr"], [data-phone]');
        const box = await phone.boundingBox();
        const lineHeight = await phone.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
        expect(box!.height).toBeLessThan(lineHeight * 1.5);
        // The row's menu is still reachable on the card.
        await expect(await rowAction(row, /.+/).then((items) => items.first())).toBeVisible();
        await page.keyboard.press('Escape');
      }
    });
  });
});

import { expect, test, type Page } from '@playwright/test';
import { languages } from './support/env';
import { gotoAs, sharedSession } from './support/session';
import { appText } from './support/app-text';
import { audit } from './support/axe';
import { settled } from './support/screens';

/**
 * Issue 29: the operations home's platform cards (today's bookings, cancellations, failed payments) open the lists of
 * every appointment and every checkout, filtered to Cairo's today; each list shows the set its card counted.
 */
const queue = (page: Page, key: string) => page.locator(`[data-queue="${key}"]`);
const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr:not([data-status-row])');

const cards = [
  { key: 'bookingsToday', url: /\/dashboard\/appointments\?date=\d{4}-\d{2}-\d{2}&date_of=booked$/, texts: 'appointments:all.' },
  { key: 'cancellationsToday', url: /\/dashboard\/appointments\?date=\d{4}-\d{2}-\d{2}&date_of=cancelled$/, texts: 'appointments:all.' },
  { key: 'failedPaymentsToday', url: /\/dashboard\/payments\?status=failed&date=\d{4}-\d{2}-\d{2}$/, texts: 'payments:' },
] as const;

for (const lng of languages) {
  for (const width of [1280, 390]) {
    test(`each platform card opens its list showing what it counted (${lng}, ${width} px)`, async ({ page }) => {
      // Three lists with axe each: more than the default on a loaded machine.
      test.setTimeout(240_000);
      await page.setViewportSize({ width, height: 900 });
      const session = await sharedSession(page.request);
      for (const card of cards) {
        await gotoAs(page, lng, '/dashboard/home', session);
        const count = Number(await queue(page, card.key).getAttribute('data-count'));
        await queue(page, card.key).getByRole('link').click();
        await expect(page).toHaveURL(card.url);
        await expect(page.getByRole('heading', { level: 1, name: appText(lng, `${card.texts}title`) })).toBeVisible();
        await settled(page);
        // The card's count is the list's: its rows (a first page of ten at most), or its empty state.
        if (count === 0) await expect(page.getByText(appText(lng, `${card.texts}empty`))).toBeVisible();
        else await expect(bodyRows(page)).toHaveCount(Math.min(count, 10));
        await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${card.key} ${lng} ${width}px`).toBeLessThanOrEqual(0);
        await audit(page, `${card.key} list ${lng} ${width}px`);
      }
    });
  }
}

test('the appointments list keeps its filters in the URL and shows Cairo times with Arabic-Indic digits in Arabic', async ({ page }) => {
  const session = await sharedSession(page.request);
  await gotoAs(page, 'ar', '/dashboard/appointments?status=booked&provider_kind=doctor', session);
  await settled(page);
  await expect(page.getByRole('combobox', { name: appText('ar', 'appointments:all.statusFilter') })).toHaveValue('booked');
  await expect(page.getByRole('combobox', { name: appText('ar', 'appointments:all.kindFilter') })).toHaveValue('doctor');
  const first = bodyRows(page).first();
  await expect(first).toBeVisible();
  await expect(first).toContainText(appText('ar', 'appointments:statuses.booked'));
  // Dates and hours are written in Arabic-Indic digits; only the patient's phone keeps its Latin digits.
  const text = await first.innerText();
  expect(text.replace(/\+?\d[\d ]{6,}/g, '')).not.toMatch(/[0-9]/);

  await page.getByRole('combobox', { name: appText('ar', 'appointments:all.typeFilter') }).selectOption('cash');
  await expect(page).toHaveURL(/type=cash/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: appText('ar', 'appointments:all.typeFilter') })).toHaveValue('cash');
});

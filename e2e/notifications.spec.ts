import { expect, test, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { settled } from './support/screens';
import { appText } from './support/app-text';
import { audit } from './support/axe';

/** The notifications list (issue 29): the outbox, recipients masked, a failed message sent again. */
const t = (lng: Lng, key: string, values?: Record<string, string | number>) => appText(lng, `notifications:${key}`, values);
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

type Row = { id: number; kind: string | null; recipient: string; retryable: boolean };

async function failedTotal(page: Page, session: Session) {
  const response = await page.request.get(`${baseURL}/api/admin/notifications?status=failed&per_page=100`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { total: number; data: Row[] } }).data;
}

for (const lng of languages) {
  test.describe(`notifications (${lng})`, () => {
    test('opens from the home card, lists failed messages masked, filters in the URL, at 1280 and 390 px', async ({ page }) => {
      test.setTimeout(180_000);
      const session = await sharedSession(page.request);
      await page.setViewportSize({ width: 1280, height: 900 });
      await gotoAs(page, lng, '/dashboard/home', session);
      const card = page.locator('[data-queue="failedNotifications"]');
      const count = Number(await card.getAttribute('data-count'));
      expect(count, 'the demo has failed messages').toBeGreaterThan(0);
      await card.getByRole('link').click();
      await expect(page).toHaveURL(`/${lng}/dashboard/notifications?status=failed`);
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'title') })).toBeVisible();
      await settled(page);
      await expect(page.getByRole('combobox', { name: t(lng, 'status') })).toHaveValue('failed');
      const rows = page.getByRole('table').locator('tbody tr');
      await expect(rows.first()).toContainText(t(lng, 'statuses.failed'));
      // Masked: a phone shows its prefix and last four digits only.
      await expect(rows.first()).toContainText(/\+\d{4}•+\d{4}|•@/);
      // Tries in the language's digits (the demo's failed messages took five).
      await expect(rows.first()).toContainText(t(lng, 'triesCount', { count: 5, n: 5 }));
      await audit(page, `notifications ${lng} 1280px`);

      // A kind chosen: in the URL, and every row of that kind.
      await page.getByRole('combobox', { name: t(lng, 'kind') }).selectOption('appointment_reminder');
      await expect(page).toHaveURL(/kind=appointment_reminder/);
      await settled(page);
      // Retried until the filtered answer has replaced the rows (a snapshot of the rows could hold the unfiltered ones).
      await expect(rows.filter({ hasNotText: t(lng, 'kinds.appointment_reminder') })).toHaveCount(0);
      await expect(rows.first()).toContainText(t(lng, 'kinds.appointment_reminder'));
      // A day long before the demo: the empty state, then the filters cleared.
      const day = page.getByRole('group', { name: t(lng, 'day'), exact: true });
      await day.getByLabel(appText(lng, 'common:date.year')).selectOption('2020');
      await day.getByLabel(appText(lng, 'common:date.month')).selectOption('1');
      await day.getByLabel(appText(lng, 'common:date.day')).selectOption('1');
      await expect(page).toHaveURL(/day=2020-01-01/);
      await settled(page);
      await expect(page.getByText(t(lng, 'empty'))).toBeVisible();
      await page.getByRole('button', { name: appText(lng, 'common:clearFilters') }).click();
      await expect(page).not.toHaveURL(/day=|kind=|status=/);

      await page.setViewportSize({ width: 390, height: 844 });
      await gotoAs(page, lng, '/dashboard/notifications?status=failed', session);
      await settled(page);
      expect(await scrollsSideways(page)).toBe(false);
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      await audit(page, `notifications ${lng} 390px`);
    });

    test('sends a failed message again after a confirmation, with a named toast', async ({ page }) => {
      const session = await sharedSession(page.request);
      const before = await failedTotal(page, session);
      // Each language its own message: the two run side by side, and a message retried by one is no longer failed for the other.
      const target = before.data.filter((row) => row.retryable)[languages.indexOf(lng)];
      expect(target, 'a failed message that may be sent again').toBeTruthy();
      await gotoAs(page, lng, '/dashboard/notifications?status=failed&per_page=100', session);
      await settled(page);
      const kind = t(lng, `kinds.${target!.kind}`);
      await page.getByRole('button', { name: `${t(lng, 'retry')}: ${kind} ${target!.recipient}` }).click();
      const dialog = page.getByRole('alertdialog', { name: t(lng, 'retryTitle') });
      await expect(dialog).toContainText(target!.recipient);
      await dialog.getByRole('button', { name: t(lng, 'retryConfirm') }).click();
      await expect(page.getByText(t(lng, 'retried', { kind, recipient: target!.recipient }))).toBeVisible();
      // The demo server's deliverer sends it (log driver): it leaves the failed list.
      await expect.poll(async () => (await failedTotal(page, session)).data.some((row) => row.id === target!.id)).toBe(false);
    });
  });
}

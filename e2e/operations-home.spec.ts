import { expect, test, type Page } from '@playwright/test';
import { languages } from './support/env';
import { gotoAs, sharedSession } from './support/session';
import { appText } from './support/app-text';
import { audit } from './support/axe';

/** The operations home (issue 29): what waits, since when, each queue a link to its filtered list. */
const region = (page: Page, lng: (typeof languages)[number]) => page.getByRole('region', { name: appText(lng, 'home:operations') });
const queue = (page: Page, key: string) => page.locator(`[data-queue="${key}"]`);

for (const lng of languages) {
  test(`shows each queue with its count and the age of its oldest item (${lng}, 1280 and 390 px)`, async ({ page }) => {
    // Two visits with axe each: more than the default on a loaded machine.
    test.setTimeout(180_000);
    const session = await sharedSession(page.request);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoAs(page, lng, '/dashboard/home', session);
      const section = region(page, lng);
      await expect(section.getByRole('heading', { name: appText(lng, 'home:groups.applications') })).toBeVisible();
      // The demo's pending doctors wait: a count, the age of the oldest, and a link named by the queue.
      const doctors = queue(page, 'doctors');
      const count = Number(await doctors.getAttribute('data-count'));
      expect(count).toBeGreaterThan(0);
      const link = doctors.getByRole('link');
      await expect(link).toContainText(appText(lng, 'home:queues.doctors'));
      await expect(link).toContainText(new Intl.NumberFormat(lng === 'ar' ? 'ar-EG' : 'en-US').format(count));
      await expect(link).toContainText(appText(lng, 'home:oldestWaiting', { age: '' }).trim());
      for (const key of [
        'pharmacies',
        'hospitals',
        'medicalCenters',
        'companies',
        'licensesPending',
        'licensesExpiring',
        'changeRequests',
      ]) {
        await expect(queue(page, key).getByRole('link')).toBeVisible();
      }
      await expect(queue(page, 'bookingsToday')).toContainText(appText(lng, 'home:queues.bookingsToday'));
      await expect(section.getByText(appText(lng, 'home:fromYesterdaySameTime')).first()).toBeVisible();
      // Arabic-Indic digits in Arabic, counts and ages alike.
      if (lng === 'ar') expect(await section.innerText()).not.toMatch(/[0-9]/);
      // Nothing wider than the screen; every card inside it.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${lng} ${width}px`).toBeLessThanOrEqual(0);
      for (const box of await section
        .locator('[data-queue]')
        .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON()))) {
        const { left, right } = box as DOMRect;
        expect(left).toBeGreaterThanOrEqual(0);
        expect(right).toBeLessThanOrEqual(width);
      }
      await audit(page, `operations home ${lng} ${width}px`);
    }
  });
}

test("a queue's card opens its filtered list", async ({ page }) => {
  const session = await sharedSession(page.request);
  await gotoAs(page, 'en', '/dashboard/home', session);
  await queue(page, 'doctors').getByRole('link').click();
  await expect(page).toHaveURL(/\/en\/dashboard\/doctors\?status=pending$/);
  await expect(page.getByText('Dr. Mariam Adel Fahmy').first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await gotoAs(page, 'ar', '/dashboard/home', session);
  await queue(page, 'licensesExpiring').getByRole('link').click();
  await expect(page).toHaveURL(/\/ar\/dashboard\/license\?status=approved&expiring=30$/);
  await expect(page.getByRole('combobox', { name: appText('ar', 'providers:licenses.expiryFilter') })).toHaveValue('expiring');
});

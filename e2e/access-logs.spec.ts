import { axeBuilder } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { settled } from './support/screens';
import { appText } from './support/app-text';

const t = (lng: Lng, key: string, values?: Record<string, string | number>) => appText(lng, `access-logs:${key}`, values);

async function axe(page: Page, label: string) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

/** Whether the page scrolls sideways (the table may scroll inside its own box). */
const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** Reads the admin prescriptions list (a logged read) and answers the patient of its first row. */
async function readPrescriptions(page: Page, session: Session): Promise<{ id: number; name: string }> {
  const headers = { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
  const response = await page.request.get(`${baseURL}/api/admin/prescription/index?per_page=5`, { headers });
  expect(response.status()).toBe(200);
  const rows = ((await response.json()) as { data: { data: Array<{ user: { id: number; name: string } }> } }).data.data;
  expect(rows.length, 'the demo data has prescriptions').toBeGreaterThan(0);
  return rows[0]!.user;
}

for (const lng of languages) {
  test.describe(`data access (${lng})`, () => {
    test('lists who read whose data, filters by person, and stays accessible at 1280 and 390 px', async ({ page }) => {
      const session = await sharedSession(page.request);
      const patient = await readPrescriptions(page, session);
      await page.setViewportSize({ width: 1280, height: 900 });
      await gotoAs(page, lng, '/dashboard/home', session);
      await page.getByRole('link', { name: appText(lng, 'nav:accessLog') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/data-access`);
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'title') })).toBeVisible();
      await settled(page);
      const rows = page.getByRole('table').locator('tbody tr');
      // The read above is there (rows are written within a fraction of a second), under its kind and purpose.
      await expect(async () => {
        await page.reload();
        await settled(page);
        await expect(rows.filter({ hasText: t(lng, 'kinds.prescription_list') }).first()).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      await expect(rows.filter({ hasText: t(lng, 'purposes.platform_oversight') }).first()).toBeVisible();
      await axe(page, `${lng} data access`);

      // By person: the id typed, only rows about that person remain (each names them).
      await page.getByLabel(t(lng, 'person'), { exact: true }).fill(String(patient.id));
      await expect(page).toHaveURL(new RegExp(`subject_user_id=${patient.id}(&|$)`));
      await settled(page);
      await expect(rows.first()).toBeVisible();
      for (const row of await rows.all()) await expect(row).toContainText(patient.name);
      await page.getByRole('button', { name: t(lng, 'removePersonFilter') }).click();
      await expect(page).not.toHaveURL(/subject_user_id=/);
      await settled(page);

      // A name in "whose data" narrows the log to that person.
      await rows.getByRole('button', { name: patient.name, exact: true }).first().click();
      await expect(page).toHaveURL(new RegExp(`subject_user_id=${patient.id}(&|$)`));
      await expect(page.getByText(t(lng, 'personFilter', { name: patient.name }))).toBeVisible();
      await settled(page);
      for (const row of await rows.all()) await expect(row).toContainText(patient.name);

      // A day range before anything was recorded: the empty state.
      const to = page.getByRole('group', { name: t(lng, 'to'), exact: true });
      await to.getByLabel(appText(lng, 'common:date.year')).selectOption('2020');
      await to.getByLabel(appText(lng, 'common:date.month')).selectOption('1');
      await to.getByLabel(appText(lng, 'common:date.day')).selectOption('1');
      await expect(page).toHaveURL(/to=2020-01-01/);
      await settled(page);
      await expect(page.getByText(t(lng, 'empty'))).toBeVisible();
      await page.getByRole('button', { name: appText(lng, 'common:clearFilters') }).click();
      await expect(page).not.toHaveURL(/to=|subject_user_id=/);
      await settled(page);

      await page.setViewportSize({ width: 390, height: 844 });
      await settled(page);
      expect(await scrollsSideways(page)).toBe(false);
      await axe(page, `${lng} data access at 390 px`);
    });
  });
}

import { expect, test, type Page } from '@playwright/test';
import { languages, unique, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { gotoAs, sharedSession } from './support/session';
import { createType } from './support/institution-types';
import { texts } from './support/texts';
import { appText } from './support/app-text';

const typesPath = '/dashboard/hospitals?tab=types';

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const rowOf = (page: Page, name: string) => rows(page).filter({ hasText: name });

async function search(page: Page, lng: Lng, text: string) {
  await page.getByPlaceholder(texts[lng].searchTypes).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(text);
}

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`types (${lng})`, () => {
    test('lists types with their columns and finds them by search', async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('List');
      await createType(page.request, session, { name_ar: `قائمة ${name}`, name_en: `${name} en`, medical_under_instituted: true });

      await gotoAs(page, lng, typesPath, session);
      await expect(page.getByRole('tab', { name: t.typesTab })).toHaveAttribute('aria-selected', 'true');
      await search(page, lng, name);
      const row = rowOf(page, `${name} en`);
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(`قائمة ${name}`);
      await expect(row).toContainText(t.yes);
      await expect(row.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
      await expect(rows(page)).toHaveCount(1);

      await search(page, lng, unique('nothing-matches'));
      await expect(page.getByText(t.emptyTypes)).toBeVisible();
    });

    test('adds a type', async ({ page }) => {
      const name = unique('Added');
      await gotoAs(page, lng, typesPath);
      await page.getByRole('link', { name: t.addType }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addType`);
      await expect(page.getByRole('heading', { level: 1, name: t.addType })).toBeVisible();
      const medical = page.getByRole('switch', { name: t.medicalUnder });
      await expect(medical).toHaveAttribute('aria-checked', 'false');
      await page.getByLabel(t.nameAr).fill(`مضاف ${name}`);
      await page.getByLabel(t.nameEn).fill(name);
      await medical.click();
      await page.getByRole('button', { name: t.submitAdd, exact: true }).click();

      await expect(toast(page, t.typeAdded)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${typesPath}`);
      await search(page, lng, name);
      await expect(rowOf(page, name)).toContainText(`مضاف ${name}`);
      await expect(rowOf(page, name)).toContainText(t.yes);
    });

    test('edits a type passed in navigation state', async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('Edit');
      await createType(page.request, session, { name_ar: `تعديل ${name}`, name_en: name, medical_under_instituted: false });
      await gotoAs(page, lng, typesPath, session);
      await search(page, lng, name);
      await (await rowAction(rowOf(page, name), t.edit)).click();

      await expect(page).toHaveURL(`/${lng}/dashboard/addType`);
      await expect(page.getByRole('heading', { level: 1, name: t.editType })).toBeVisible();
      await expect(page.getByLabel(t.nameAr)).toHaveValue(`تعديل ${name}`);
      await expect(page.getByLabel(t.nameEn)).toHaveValue(name);
      await expect(page.getByRole('switch', { name: t.medicalUnder })).toHaveAttribute('aria-checked', 'false');

      await page.getByLabel(t.nameEn).fill(`${name} renamed`);
      await page.getByRole('switch', { name: t.medicalUnder }).click();
      await page.getByRole('button', { name: t.updateType, exact: true }).click();
      await expect(toast(page, t.typeUpdated)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${typesPath}`);
      await search(page, lng, `${name} renamed`);
      await expect(rowOf(page, `${name} renamed`)).toContainText(t.yes);
    });

    test('toggles the status; a change that fails puts the switch back and says so', async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('Toggle');
      await createType(page.request, session, { name_ar: `حالة ${name}`, name_en: name });
      await gotoAs(page, lng, typesPath, session);
      await search(page, lng, name);
      const toggle = rowOf(page, name).getByRole('switch');
      await expect(toggle).toHaveAttribute('aria-checked', 'true');
      await toggle.click();
      await expect(toast(page, t.typeStatus)).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-checked', 'false');
      await page.reload();
      await expect(rowOf(page, name).getByRole('switch')).toHaveAttribute('aria-checked', 'false');

      // A change the server never gets: the switch is put back, and the toast says so.
      await page.route('**/api/admin/hospitalies/types/status/**', (route) => route.abort('connectionfailed'));
      const reloaded = rowOf(page, name).getByRole('switch');
      await reloaded.click();
      await expect(toast(page, t.statusFailed)).toBeVisible();
      await expect(reloaded).toHaveAttribute('aria-checked', 'false');
    });

    test('the form validates names before sending, shows the server field errors keeping what was typed, and cancels back to the tab', async ({
      page,
    }) => {
      const serverMessage = appText(lng, 'validation:nameTaken');
      let sent = 0;
      await page.route('**/api/admin/hospitalies/types/store', (route) => {
        sent += 1;
        return route.fulfill({ status: 422, json: { message: serverMessage, errors: { name_en: [serverMessage] } } });
      });
      await gotoAs(page, lng, '/dashboard/addType');
      await page.getByRole('button', { name: t.submitAdd, exact: true }).click();
      await expect(page.getByText(t.arabicNameRequired)).toBeVisible();
      await expect(page.getByText(t.englishNameRequired)).toBeVisible();

      await page.getByLabel(t.nameAr).fill('أ');
      await page.getByLabel(t.nameEn).fill('A');
      await page.getByRole('button', { name: t.submitAdd, exact: true }).click();
      await expect(page.getByText(t.arabicNameRequired)).toBeVisible();
      await expect(page.getByText(t.englishNameRequired)).toBeVisible();
      expect(sent).toBe(0);

      const name = unique('Taken');
      await page.getByLabel(t.nameAr).fill(`مأخوذ ${name}`);
      await page.getByLabel(t.nameEn).fill(name);
      await page.getByRole('button', { name: t.submitAdd, exact: true }).click();
      await expect(page.getByText(serverMessage)).toBeVisible();
      expect(sent).toBe(1);
      await expect(page).toHaveURL(`/${lng}/dashboard/addType`);
      await expect(page.getByLabel(t.nameAr)).toHaveValue(`مأخوذ ${name}`);
      await expect(page.getByLabel(t.nameEn)).toHaveValue(name);

      await page.getByRole('link', { name: t.cancel }).click();
      await expect(page).toHaveURL(`/${lng}${typesPath}`);
    });

    test('deletes after confirmation', async ({ page }) => {
      const session = await sharedSession(page.request);
      const name = unique('Delete');
      await createType(page.request, session, { name_ar: `حذف ${name}`, name_en: name });
      await gotoAs(page, lng, typesPath, session);
      await search(page, lng, name);

      await (await rowAction(rowOf(page, name), t.delete)).click();
      const dialog = page.getByRole('alertdialog', { name: t.confirmDelete });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: t.dialogCancel }).click();
      await expect(dialog).toBeHidden();
      await expect(rowOf(page, name)).toHaveCount(1);

      await (await rowAction(rowOf(page, name), t.delete)).click();
      await dialog.getByRole('button', { name: t.confirmDeleteButton }).click();
      await expect(toast(page, t.typeDeleted)).toBeVisible();
      await expect(page.getByText(t.emptyTypes)).toBeVisible();
    });

    test('pages with previous and next (10 per page)', async ({ page }) => {
      const session = await sharedSession(page.request);
      const prefix = unique('Page');
      for (let i = 1; i <= 11; i++) {
        await createType(page.request, session, { name_ar: `صفحة ${prefix} ${i}`, name_en: `${prefix} ${String(i).padStart(2, '0')}` });
      }
      await gotoAs(page, lng, typesPath, session);
      await search(page, lng, prefix);
      const previous = page.getByRole('button', { name: t.previous });
      const next = page.getByRole('button', { name: t.next });
      await expect(rows(page)).toHaveCount(10);
      await expect(page.getByText(t.pageOf(1, 2))).toBeVisible();
      await expect(previous).toBeDisabled();
      await expect(next).toBeEnabled();

      await next.click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByText(t.pageOf(2, 2))).toBeVisible();
      await expect(rows(page)).toHaveCount(1);
      await expect(next).toBeDisabled();
      await expect(previous).toBeEnabled();

      await previous.click();
      await expect(page.getByText(t.pageOf(1, 2))).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
    });
  });
}

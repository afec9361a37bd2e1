import { expect, test, type Page } from '@playwright/test';
import { languages, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { gotoAs, sharedSession } from './support/session';
import { apiStore, failList, pngFile, rows, toast } from './support/resources';
import { appText } from './support/app-text';

type Ad = { id: number; image: string; image_url: string; sort_order: number };

const texts = {
  en: {
    title: 'Home Ads',
    add: appText('en', 'home-ads:addButton'),
    submit: appText('en', 'home-ads:submitAdd'),
    editTitle: appText('en', 'home-ads:editTitle'),
    update: appText('en', 'home-ads:submitUpdate'),
    image: appText('en', 'home-ads:image'),
    preview: appText('en', 'common:imagePreview'),
    chooseFile: appText('en', 'common:chooseFile'),
    noFile: appText('en', 'common:noFileChosen'),
    added: 'Home Ad added successfully!',
    updated: 'Home Ad Updated successfully!',
    deleted: 'Ad Deleted',
    fetchError: appText('en', 'home-ads:fetchError'),
    required: 'Image is required',
    notHorizontal: appText('en', 'validation:imageNotHorizontal'),
    adAlt: (n: number) => appText('en', 'home-ads:imageOf', { number: n }),
    edit: appText('en', 'common:edit'),
    delete: appText('en', 'common:delete'),
    yesDelete: appText('en', 'common:confirmDialog.deleteConfirm'),
    previous: appText('en', 'common:pagination.previous'),
    next: appText('en', 'common:pagination.next'),
  },
  ar: {
    title: 'إعلانات الصفحة الرئيسية',
    add: appText('ar', 'home-ads:addButton'),
    submit: appText('ar', 'home-ads:submitAdd'),
    editTitle: appText('ar', 'home-ads:editTitle'),
    update: appText('ar', 'home-ads:submitUpdate'),
    image: appText('ar', 'home-ads:image'),
    preview: appText('ar', 'common:imagePreview'),
    chooseFile: appText('ar', 'common:chooseFile'),
    noFile: appText('ar', 'common:noFileChosen'),
    added: 'تمت إضافة إعلان الصفحة الرئيسية بنجاح!',
    updated: 'تم تحديث إعلان الصفحة الرئيسية بنجاح!',
    deleted: 'تم حذف الإعلان',
    fetchError: appText('ar', 'home-ads:fetchError'),
    required: 'الصورة مطلوبة',
    notHorizontal: appText('ar', 'validation:imageNotHorizontal'),
    adAlt: (n: number) => appText('ar', 'home-ads:imageOf', { number: new Intl.NumberFormat('ar-EG').format(n) }),
    edit: appText('ar', 'common:edit'),
    delete: appText('ar', 'common:delete'),
    yesDelete: appText('ar', 'common:confirmDialog.deleteConfirm'),
    previous: appText('ar', 'common:pagination.previous'),
    next: appText('ar', 'common:pagination.next'),
  },
} satisfies Record<Lng, Record<string, unknown>>;

const listPath = '/dashboard/home-ads';
const rowOfAd = (page: Page, alt: string) => rows(page).filter({ has: page.getByRole('img', { name: alt, exact: true }) });
// The other language's tests add ads at the same time (eleven for paging), pushing a test's own ad past a page of
// ten: tests that look for their ad show a hundred rows.
const everyAd = `${listPath}?per_page=100`;

async function newAd(page: Page): Promise<Ad> {
  const session = await sharedSession(page.request);
  return apiStore<Ad>(page.request, session, '/api/admin/home-ads/store', { image: await pngFile(page, 96, 32, 'banner.png') });
}

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`home ads (${lng})`, () => {
    test('lists the ads as loaded thumbnails, latest first, and deletes one after confirmation', async ({ page }) => {
      const older = await newAd(page);
      const ad = await newAd(page);
      await gotoAs(page, lng, everyAd);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      const thumbnail = rowOfAd(page, t.adAlt(ad.sort_order)).getByRole('img');
      await expect(thumbnail).toBeVisible();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
      // Latest first: the newer ad's row comes before the older one's, whatever ads others added meanwhile.
      const alts = await rows(page)
        .locator('img[alt]')
        .evaluateAll((images) => images.map((img) => img.getAttribute('alt')));
      const newerAt = alts.indexOf(t.adAlt(ad.sort_order));
      expect(newerAt).toBeGreaterThanOrEqual(0);
      expect(newerAt).toBeLessThan(alts.indexOf(t.adAlt(older.sort_order)));

      // Deleted after confirmation.
      await (await rowAction(rowOfAd(page, t.adAlt(older.sort_order)), t.delete)).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.yesDelete }).click();
      await expect(toast(page, t.deleted)).toBeVisible();
      await expect(rowOfAd(page, t.adAlt(older.sort_order))).toHaveCount(0);
    });

    test('adds an ad: refuses a missing and a portrait image, previews and uploads a horizontal one', async ({ page }) => {
      await gotoAs(page, lng, listPath);
      await page.getByRole('link', { name: t.add }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addHomeAd`);
      const submit = page.getByRole('button', { name: t.submit, exact: true });
      await submit.click();
      await expect(page.getByText(t.required)).toBeVisible();

      // The file control is the dashboard's, in the page's language, not the browser's English one.
      const fileInput = page.getByLabel(t.image);
      await expect(fileInput).toHaveAccessibleDescription(new RegExp(t.noFile));
      await expect(page.getByText(t.chooseFile, { exact: true })).toBeVisible();
      const chooser = page.waitForEvent('filechooser');
      await page.getByText(t.chooseFile, { exact: true }).click();
      await (await chooser).setFiles(await pngFile(page, 40, 80, 'portrait.png'));
      await expect(page.locator('[data-file-name]')).toHaveText('portrait.png');
      await expect(page.getByRole('img', { name: t.preview })).toBeVisible();
      await submit.click();
      await expect(page.getByText(t.notHorizontal)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/addHomeAd`);

      await page.getByLabel(t.image).setInputFiles(await pngFile(page, 120, 40, 'banner.png'));
      await submit.click();
      await expect(toast(page, t.added)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}${listPath}`);
      await expect(rows(page).first().getByRole('img')).toBeVisible();
    });

    test('replaces the image of an ad, and the edit form survives a reload', async ({ page }) => {
      const ad = await newAd(page);
      await gotoAs(page, lng, everyAd);
      await (await rowAction(rowOfAd(page, t.adAlt(ad.sort_order)), t.edit)).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/addHomeAd?id=${ad.id}`);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: t.editTitle })).toBeVisible();
      await expect(page.getByRole('img', { name: t.preview })).toHaveAttribute('src', ad.image_url);
      await page.getByLabel(t.image).setInputFiles(await pngFile(page, 200, 50, 'wider.png'));
      await page.getByRole('button', { name: t.update, exact: true }).click();
      await expect(toast(page, t.updated)).toBeVisible();
      // Back on the list's first page, which the other worker's new ads can fill: widen it in the app. A page
      // kept from before the edit (this test opened it with 100 rows) would still show the old image.
      await page
        .getByRole('navigation', { name: appText(lng, 'common:pagination.label') })
        .getByLabel(appText(lng, 'common:pagination.perPage'))
        .selectOption('100');
      const thumbnail = rowOfAd(page, t.adAlt(ad.sort_order)).getByRole('img');
      await expect(thumbnail).not.toHaveAttribute('src', ad.image_url);
      // Thumbnails load lazily: one that newer ads have pushed below the fold loads once it is scrolled to.
      await thumbnail.scrollIntoViewIfNeeded();
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);
    });

    test('pages with previous and next', async ({ page }) => {
      for (let i = 0; i < 11; i++) await newAd(page);
      await gotoAs(page, lng, listPath);
      await expect(rows(page)).toHaveCount(10);
      await expect(page.getByRole('button', { name: t.previous })).toBeDisabled();
      await page.getByRole('button', { name: t.next }).click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByRole('button', { name: t.previous })).toBeEnabled();
      await page.getByRole('button', { name: t.previous }).click();
      await expect(rows(page)).toHaveCount(10);
    });

    test('shows the fetch failure toast', async ({ page }) => {
      const failing = await failList(page, '/api/admin/home-ads');
      await gotoAs(page, lng, listPath);
      await failing.retriedOut(toast(page, t.fetchError));
    });
  });
}

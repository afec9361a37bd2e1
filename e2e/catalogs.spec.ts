import { expect, test, type Page } from '@playwright/test';
import { languages, unique, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { gotoAs, sharedSession } from './support/session';
import { apiStore, failList, rowOf, rows, searchFor, toast } from './support/resources';
import { appText } from './support/app-text';

/** Specialities and pharmacy categories: the same screens configured per resource (spec §2, §8). */
type Item = { id: number; name_ar: string; name_en: string };
type Catalog = {
  name: string;
  listPath: string;
  formRoute: string;
  api: string;
  demo: { ar: string; en: string };
  texts: Record<
    Lng,
    {
      add: string;
      submit: string;
      editTitle: string;
      update: string;
      search: string;
      empty: string;
      added: string;
      updated: string;
      deleted: string;
      fetchError: string;
    }
  >;
};

const catalogs: Catalog[] = [
  {
    name: 'specialities',
    listPath: '/dashboard/specialities',
    formRoute: 'addSpeciality',
    api: '/api/admin/specialities',
    demo: { ar: 'أمراض القلب', en: 'Cardiology' },
    texts: {
      en: {
        add: appText('en', 'specialities:addButton'),
        submit: appText('en', 'specialities:submitAdd'),
        editTitle: appText('en', 'specialities:editTitle'),
        update: appText('en', 'specialities:submitUpdate'),
        search: appText('en', 'specialities:searchPlaceholder'),
        empty: appText('en', 'specialities:empty'),
        added: appText('en', 'specialities:added'),
        updated: appText('en', 'specialities:updated'),
        deleted: 'Speciality Deleted',
        fetchError: 'Error fetching Medical Centers.',
      },
      ar: {
        add: appText('ar', 'specialities:addButton'),
        submit: appText('ar', 'specialities:submitAdd'),
        editTitle: appText('ar', 'specialities:editTitle'),
        update: appText('ar', 'specialities:submitUpdate'),
        search: appText('ar', 'specialities:searchPlaceholder'),
        empty: appText('ar', 'specialities:empty'),
        added: appText('ar', 'specialities:added'),
        updated: appText('ar', 'specialities:updated'),
        deleted: 'تم حذف التخصص',
        fetchError: 'تعذّر تحميل التخصصات.',
      },
    },
  },
  {
    name: 'categories',
    listPath: '/dashboard/categories',
    formRoute: 'addCategory',
    api: '/api/admin/categories',
    demo: { ar: 'أدوية بوصفة طبية', en: 'Prescription Medicines' },
    texts: {
      en: {
        add: appText('en', 'pharmacy-categories:addButton'),
        submit: appText('en', 'pharmacy-categories:submitAdd'),
        editTitle: appText('en', 'pharmacy-categories:editTitle'),
        update: appText('en', 'pharmacy-categories:submitUpdate'),
        search: appText('en', 'pharmacy-categories:searchPlaceholder'),
        empty: appText('en', 'pharmacy-categories:empty'),
        added: 'Category added successfully!',
        updated: 'Category Updated successfully!',
        deleted: 'Category Deleted',
        fetchError: 'Error fetching categories.',
      },
      ar: {
        add: appText('ar', 'pharmacy-categories:addButton'),
        submit: appText('ar', 'pharmacy-categories:submitAdd'),
        editTitle: appText('ar', 'pharmacy-categories:editTitle'),
        update: appText('ar', 'pharmacy-categories:submitUpdate'),
        search: appText('ar', 'pharmacy-categories:searchPlaceholder'),
        empty: appText('ar', 'pharmacy-categories:empty'),
        added: 'تمت إضافة الفئة بنجاح!',
        updated: 'تم تحديث الفئة بنجاح!',
        deleted: 'تم حذف الفئة',
        fetchError: 'تعذّر تحميل الفئات.',
      },
    },
  },
];

const common = {
  en: {
    nameAr: appText('en', 'common:arabicName'),
    nameEn: appText('en', 'common:englishName'),
    arRequired: 'Arabic name is required',
    enRequired: 'English name is required',
    taken: appText('en', 'validation:nameTaken'),
    edit: appText('en', 'common:edit'),
    delete: appText('en', 'common:delete'),
    confirm: 'Are You Sure You Want To Delete This',
    yesDelete: appText('en', 'common:confirmDialog.deleteConfirm'),
    cancel: appText('en', 'common:confirmDialog.cancel'),
    previous: appText('en', 'common:pagination.previous'),
    next: appText('en', 'common:pagination.next'),
    inUse: /is used by \d+/,
  },
  ar: {
    nameAr: appText('ar', 'common:arabicName'),
    nameEn: appText('ar', 'common:englishName'),
    arRequired: 'الاسم بالعربية مطلوب',
    enRequired: 'الاسم بالإنجليزية مطلوب',
    taken: appText('ar', 'validation:nameTaken'),
    edit: appText('ar', 'common:edit'),
    delete: appText('ar', 'common:delete'),
    confirm: 'هل أنت متأكد من الحذف؟',
    yesDelete: appText('ar', 'common:confirmDialog.deleteConfirm'),
    cancel: appText('ar', 'common:confirmDialog.cancel'),
    previous: appText('ar', 'common:pagination.previous'),
    next: appText('ar', 'common:pagination.next'),
    inUse: /مستخدم/,
  },
} as const;

for (const catalog of catalogs) {
  for (const lng of languages) {
    const t = { ...common[lng], ...catalog.texts[lng] };
    const create = async (page: Page, prefix: string) => {
      const session = await sharedSession(page.request);
      const name = unique(prefix);
      const item = await apiStore<Item>(page.request, session, `${catalog.api}/store`, { name_ar: `عربي ${name}`, name_en: name });
      return { session, item };
    };

    test.describe(`${catalog.name} (${lng})`, () => {
      test('lists the demo data in both names, searches it, and pages with previous and next', async ({ page }) => {
        const session = await sharedSession(page.request);
        const prefix = unique('Page');
        for (let i = 1; i <= 11; i++) {
          await apiStore(page.request, session, `${catalog.api}/store`, {
            name_ar: `صفحة ${prefix} ${i}`,
            name_en: `${prefix} ${String(i).padStart(2, '0')}`,
          });
        }
        await gotoAs(page, lng, catalog.listPath, session);
        await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
        await searchFor(page, t.search, catalog.demo.en.toLowerCase());
        await expect(rowOf(page, catalog.demo.en)).toContainText(catalog.demo.ar);
        await searchFor(page, t.search, catalog.demo.ar);
        await expect(rowOf(page, catalog.demo.en)).toHaveCount(1);
        await searchFor(page, t.search, unique('none'));
        await expect(page.getByText(t.empty)).toBeVisible();

        await searchFor(page, t.search, prefix);
        await expect(rows(page)).toHaveCount(10);
        await expect(page.getByRole('button', { name: t.previous })).toBeDisabled();
        await page.getByRole('button', { name: t.next }).click();
        await expect(page).toHaveURL(/page=2/);
        await expect(rows(page)).toHaveCount(1);
        await expect(rowOf(page, `${prefix} 01`)).toHaveCount(1);
        await expect(page.getByRole('button', { name: t.next })).toBeDisabled();
        await page.getByRole('button', { name: t.previous }).click();
        await expect(rows(page)).toHaveCount(10);
      });

      test('adds one, refusing short names before sending and a taken one from the server', async ({ page }) => {
        const name = unique('Added');
        await gotoAs(page, lng, catalog.listPath);
        await page.getByRole('link', { name: t.add }).click();
        await expect(page).toHaveURL(`/${lng}/dashboard/${catalog.formRoute}`);
        await page.getByRole('button', { name: t.submit, exact: true }).click();
        await expect(page.getByText(t.arRequired)).toBeVisible();
        await expect(page.getByText(t.enRequired)).toBeVisible();

        await page.getByLabel(t.nameAr).fill(`مضاف ${name}`);
        await page.getByLabel(t.nameEn).fill(catalog.demo.en.toUpperCase());
        await page.getByRole('button', { name: t.submit, exact: true }).click();
        await expect(page.getByText(t.taken)).toBeVisible();

        await page.getByLabel(t.nameEn).fill(name);
        await page.getByRole('button', { name: t.submit, exact: true }).click();
        await expect(toast(page, t.added)).toBeVisible();
        await expect(page).toHaveURL(`/${lng}${catalog.listPath}`);
        await searchFor(page, t.search, name);
        await expect(rowOf(page, name)).toContainText(`مضاف ${name}`);
      });

      test('edits one, and the edit form survives a reload', async ({ page }) => {
        const { session, item } = await create(page, 'Edit');
        await gotoAs(page, lng, catalog.listPath, session);
        await searchFor(page, t.search, item.name_en);
        await (await rowAction(rowOf(page, item.name_en), t.edit)).click();
        await expect(page).toHaveURL(`/${lng}/dashboard/${catalog.formRoute}?id=${item.id}`);
        await expect(page.getByRole('heading', { level: 1, name: t.editTitle })).toBeVisible();
        await page.reload();
        await expect(page.getByLabel(t.nameAr)).toHaveValue(item.name_ar);
        await expect(page.getByLabel(t.nameEn)).toHaveValue(item.name_en);

        await page.getByLabel(t.nameEn).fill(`${item.name_en} renamed`);
        await page.getByRole('button', { name: t.update, exact: true }).click();
        await expect(toast(page, t.updated)).toBeVisible();
        // Back to the list as it was left (the edit was opened from a search).
        await expect(page).toHaveURL(new RegExp(`/${lng}${catalog.listPath}\\?search=`));
        await searchFor(page, t.search, `${item.name_en} renamed`);
        await expect(rows(page)).toHaveCount(1);
      });

      test('deletes after confirmation; refuses one in use with the reason', async ({ page }) => {
        const { session, item } = await create(page, 'Delete');
        await gotoAs(page, lng, catalog.listPath, session);
        await searchFor(page, t.search, item.name_en);
        await (await rowAction(rowOf(page, item.name_en), t.delete)).click();
        const dialog = page.getByRole('alertdialog', { name: t.confirm });
        await dialog.getByRole('button', { name: t.cancel }).click();
        await expect(rowOf(page, item.name_en)).toHaveCount(1);
        await (await rowAction(rowOf(page, item.name_en), t.delete)).click();
        await dialog.getByRole('button', { name: t.yesDelete }).click();
        await expect(toast(page, t.deleted)).toBeVisible();
        await expect(page.getByText(t.empty)).toBeVisible();

        // The demo entry is used by demo doctors / medicines: refused, and still listed.
        await searchFor(page, t.search, catalog.demo.en);
        await (await rowAction(rowOf(page, catalog.demo.en), t.delete)).click();
        await dialog.getByRole('button', { name: t.yesDelete }).click();
        await expect(toast(page, t.inUse)).toBeVisible();
        await expect(rowOf(page, catalog.demo.en)).toHaveCount(1);
      });

      test('shows the fetch failure toast', async ({ page }) => {
        const failing = await failList(page, catalog.api);
        await gotoAs(page, lng, catalog.listPath);
        await failing.retriedOut(toast(page, t.fetchError));
      });
    });
  }
}

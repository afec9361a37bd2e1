import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { gotoAs, sharedSession, type Session } from './support/session';

const texts = {
  en: {
    title: 'All Users',
    deactivatedTitle: 'Deactivated Users',
    columns: ['Name', 'Email', 'Phone Number', 'Country'],
    deactivatedColumns: ['Name', 'Email', 'Phone Number', 'Whatsapp Phone', 'Country'],
    search: 'Search by name, email or phone…',
    deactivate: 'Deactivate',
    rowDeactivate: 'Deactivate',
    rowReactivate: 'Reactivate',
    deactivateAll: 'Deactivate All',
    deactivatedLink: 'Deactivated Users',
    confirmDeactivate: 'Are You Sure You Want To Deactivate This',
    yesDeactivate: 'Yes, deactivate',
    cancel: 'Cancel',
    deactivated: 'User Deactivated Successfully !',
    empty: 'No users found',
    emptyDeactivated: 'No deactivated users',
    reactivate: 'Reactivate',
    reactivateSelected: 'Reactivate Selected',
    reactivateAll: 'Reactivate All',
    confirmReactivate: 'Are You Sure You Want To Reactivate This',
    yesReactivate: 'Yes, reactivate',
    reactivated: 'User Reactivated Successfully !',
    selectedReactivated: 'Users Reactivated Successfully !',
    roleUser: 'User',
    selectRow: 'Select row',
    deactivateOneListed: '1 user listed here will be deactivated and logged out.',
    reactivateOneListed: '1 account listed here will be able to log in again.',
    searchScope: (search: string) => `Only those matching the search “${search}”.`,
    usersDeactivated: 'Users Deactivated Successfully !',
  },
  ar: {
    title: 'جميع المستخدمين',
    deactivatedTitle: 'المستخدمون غير المفعّلين',
    columns: ['الاسم', 'البريد الإلكتروني', 'رقم الهاتف', 'الدولة'],
    deactivatedColumns: ['الاسم', 'البريد الإلكتروني', 'رقم الهاتف', 'رقم واتساب', 'الدولة'],
    search: 'ابحث بالاسم أو البريد أو الهاتف…',
    deactivate: 'إلغاء التفعيل',
    rowDeactivate: 'إلغاء التفعيل',
    rowReactivate: 'إعادة التفعيل',
    deactivateAll: 'إلغاء تفعيل الكل',
    deactivatedLink: 'المستخدمون غير المفعّلين',
    confirmDeactivate: 'هل أنت متأكد من إلغاء التفعيل؟',
    yesDeactivate: 'نعم، ألغِ التفعيل',
    cancel: 'إلغاء',
    deactivated: 'تم إلغاء تفعيل المستخدم بنجاح!',
    empty: 'لا يوجد مستخدمون',
    emptyDeactivated: 'لا يوجد مستخدمون غير مفعّلين',
    reactivate: 'إعادة التفعيل',
    reactivateSelected: 'إعادة تفعيل المحدد',
    reactivateAll: 'إعادة تفعيل الكل',
    confirmReactivate: 'هل أنت متأكد من إعادة التفعيل؟',
    yesReactivate: 'نعم، أعد التفعيل',
    reactivated: 'تمت إعادة تفعيل المستخدم بنجاح!',
    selectedReactivated: 'تمت إعادة تفعيل المستخدمين بنجاح!',
    roleUser: 'مستخدم',
    selectRow: 'تحديد الصف',
    deactivateOneListed: 'سيُلغى تفعيل المستخدم المعروض هنا ويُسجَّل خروجه.',
    reactivateOneListed: 'سيتمكن الحساب المعروض هنا من تسجيل الدخول مرة أخرى.',
    searchScope: (search: string) => `يقتصر ذلك على ما يطابق البحث «${search}».`,
    usersDeactivated: 'تم إلغاء تفعيل المستخدمين بنجاح!',
  },
} satisfies Record<Lng, Record<string, unknown>>;

type Account = { id: number; name: string; email: string; phone: string | null; whatsapp_phone: string | null; is_active: boolean };

const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });

/** Demo users from deep in the list, away from the fixtures other tests read; each test its own page. */
async function demoUsers(request: APIRequestContext, session: Session, page: number): Promise<Account[]> {
  const response = await request.get(`${baseURL}/api/admin/users?per_page=10&page=${page}`, { headers: auth(session) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { data: Account[] } }).data.data.filter((u) => !u.email.endsWith('@sehha.test'));
}

async function accountIsActive(request: APIRequestContext, session: Session, account: Account) {
  const response = await request.get(`${baseURL}/api/admin/users?search=${encodeURIComponent(account.email)}`, { headers: auth(session) });
  return ((await response.json()) as { data: { data: Account[] } }).data.data.some((u) => u.id === account.id);
}

async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/[.+]/g, '\\$&')}`));
}

languages.forEach((lng, index) => {
  const t = texts[lng];

  test.describe(`users (${lng})`, () => {
    test('lists users, deactivates one after confirmation, and reactivates it from the deactivated list', async ({ page }) => {
      const session = await sharedSession(page.request);
      const [user] = await demoUsers(page.request, session, 6 + index);
      expect(user).toBeDefined();

      await gotoAs(page, lng, '/dashboard/users', session);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
      for (const column of t.columns) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      await expect(rows(page)).toHaveCount(10);
      await search(page, t.search, user!.email);
      await expect(rows(page)).toHaveCount(1);
      await expect(rowOf(page, user!.email)).toContainText(user!.name);
      if (user!.phone) await expect(rowOf(page, user!.email)).toContainText(user!.phone);

      await (await rowAction(rowOf(page, user!.email), t.rowDeactivate)).click();
      const dialog = page.getByRole('alertdialog', { name: t.confirmDeactivate });
      await expect(dialog).toContainText(user!.email);
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await (await rowAction(rowOf(page, user!.email), t.rowDeactivate)).click();
      await dialog.getByRole('button', { name: t.yesDeactivate }).click();
      await expect(toast(page, t.deactivated)).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
      expect(await accountIsActive(page.request, session, user!)).toBe(false);

      await page.getByRole('link', { name: t.deactivatedLink }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/users/deactivated`);
      await expect(page.getByRole('heading', { level: 1, name: t.deactivatedTitle })).toBeVisible();
      for (const column of t.deactivatedColumns) await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
      await search(page, t.search, user!.email);
      const row = rowOf(page, user!.email);
      await expect(row).toContainText(t.roleUser);
      if (user!.whatsapp_phone) await expect(row).toContainText(user!.whatsapp_phone);
      await (await rowAction(row, t.rowReactivate)).click();
      const reactivateDialog = page.getByRole('alertdialog', { name: t.confirmReactivate });
      await reactivateDialog.getByRole('button', { name: t.yesReactivate }).click();
      await expect(toast(page, t.reactivated)).toBeVisible();
      await expect(page.getByText(t.emptyDeactivated)).toBeVisible();
      expect(await accountIsActive(page.request, session, user!)).toBe(true);
    });

    test('reactivates the selected rows in one go', async ({ page }) => {
      const session = await sharedSession(page.request);
      const picked = (await demoUsers(page.request, session, 10 + index)).slice(0, 2);
      expect(picked).toHaveLength(2);
      for (const user of picked) {
        const response = await page.request.post(`${baseURL}/api/admin/users/deactivate/${user.id}`, { headers: auth(session) });
        expect(response.status(), await response.text()).toBe(200);
      }

      await gotoAs(page, lng, '/dashboard/users/deactivated', session);
      for (const user of picked) await rowOf(page, user.email).getByRole('checkbox', { name: t.selectRow }).check();
      const toolbar = page.getByRole('toolbar');
      await toolbar.getByRole('button', { name: t.reactivateSelected }).click();
      await page.getByRole('alertdialog', { name: t.confirmReactivate }).getByRole('button', { name: t.yesReactivate }).click();
      await expect(toast(page, t.selectedReactivated)).toBeVisible();
      for (const user of picked) {
        await expect(rowOf(page, user.email)).toHaveCount(0);
        expect(await accountIsActive(page.request, session, user)).toBe(true);
      }
    });

    test('deactivate all and reactivate all act on exactly the searched rows, and the dialog says how many and which search', async ({ page }) => {
      const session = await sharedSession(page.request);
      const [target, bystander] = (await demoUsers(page.request, session, 14 + index)).slice(0, 2);
      expect(bystander).toBeDefined();

      await gotoAs(page, lng, '/dashboard/users', session);
      await search(page, t.search, target!.email);
      await expect(rows(page)).toHaveCount(1);
      await page.getByRole('button', { name: t.deactivateAll }).click();
      const dialog = page.getByRole('alertdialog', { name: t.confirmDeactivate });
      await expect(dialog).toContainText(t.deactivateOneListed);
      await expect(dialog).toContainText(t.searchScope(target!.email));
      await dialog.getByRole('button', { name: t.yesDeactivate }).click();
      await expect(toast(page, t.usersDeactivated)).toBeVisible();
      await expect(page.getByText(t.empty)).toBeVisible();
      expect(await accountIsActive(page.request, session, target!)).toBe(false);
      expect(await accountIsActive(page.request, session, bystander!)).toBe(true);

      // Another deactivated account, outside the search: reactivate-all must leave it alone.
      const off = await page.request.post(`${baseURL}/api/admin/users/deactivate/${bystander!.id}`, { headers: auth(session) });
      expect(off.status(), await off.text()).toBe(200);
      await page.getByRole('link', { name: t.deactivatedLink }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/users/deactivated`);
      await search(page, t.search, target!.email);
      await expect(rows(page)).toHaveCount(1);
      await page.getByRole('button', { name: t.reactivateAll }).click();
      const reactivate = page.getByRole('alertdialog', { name: t.confirmReactivate });
      await expect(reactivate).toContainText(t.reactivateOneListed);
      await expect(reactivate).toContainText(t.searchScope(target!.email));
      await reactivate.getByRole('button', { name: t.yesReactivate }).click();
      await expect(toast(page, t.selectedReactivated)).toBeVisible();
      expect(await accountIsActive(page.request, session, target!)).toBe(true);
      expect(await accountIsActive(page.request, session, bystander!)).toBe(false);
      const back = await page.request.post(`${baseURL}/api/admin/users/reactivate`, { headers: auth(session), data: { ids: [bystander!.id] } });
      expect(back.status(), await back.text()).toBe(200);
    });

    test('deactivate all and reactivate all ask for confirmation first', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/users');
      await expect(rows(page)).toHaveCount(10);
      await page.getByRole('button', { name: t.deactivateAll }).click();
      const dialog = page.getByRole('alertdialog', { name: t.confirmDeactivate });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toBeHidden();
      await expect(rows(page)).toHaveCount(10);

      await page.getByRole('link', { name: t.deactivatedLink }).click();
      await expect(rows(page).first()).toBeVisible();
      await page.getByRole('button', { name: t.reactivateAll }).click();
      const reactivate = page.getByRole('alertdialog', { name: t.confirmReactivate });
      await expect(reactivate).toBeVisible();
      await reactivate.getByRole('button', { name: t.cancel }).click();
      await expect(reactivate).toBeHidden();
    });
  });
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { settled } from './support/resources';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';

const columns = (lng: Lng, keys: string[]) => keys.map((key) => appText(lng, `users:${key}`));

const texts = {
  en: {
    title: 'All Users',
    deactivatedTitle: appText('en', 'users:deactivatedTitle'),
    columns: columns('en', ['name', 'email', 'phone', 'country']),
    deactivatedColumns: columns('en', ['name', 'email', 'phone', 'whatsappPhone', 'country']),
    search: appText('en', 'users:searchPlaceholder'),
    deactivate: appText('en', 'users:deactivate'),
    rowDeactivate: appText('en', 'users:deactivate'),
    rowReactivate: appText('en', 'users:reactivate'),
    deactivateAll: appText('en', 'users:deactivateAll'),
    deactivatedLink: appText('en', 'users:deactivatedLink'),
    confirmDeactivate: 'Are You Sure You Want To Deactivate This',
    yesDeactivate: appText('en', 'common:confirmDialog.deactivateConfirm'),
    cancel: appText('en', 'common:confirmDialog.cancel'),
    empty: appText('en', 'users:empty'),
    emptyDeactivated: appText('en', 'users:emptyDeactivated'),
    reactivate: appText('en', 'users:reactivate'),
    reactivateSelected: appText('en', 'users:reactivateSelected'),
    reactivateAll: appText('en', 'users:reactivateAll'),
    confirmReactivate: appText('en', 'users:reactivateTitle'),
    yesReactivate: appText('en', 'users:reactivateConfirm'),
    reactivated: 'User Reactivated Successfully !',
    selectedReactivated: 'Users Reactivated Successfully !',
    roleUser: 'User',
    selectRow: appText('en', 'common:selectRow'),
    deactivateOneListed: appText('en', 'users:deactivateAllDetails', { count: 1, n: 1 }),
    reactivateOneListed: appText('en', 'users:reactivateAllDetails', { count: 1, n: 1 }),
    searchScope: (search: string) => appText('en', 'common:confirmDialog.searchScope', { search }),
    usersDeactivated: 'Users Deactivated Successfully !',
  },
  ar: {
    title: 'جميع المستخدمين',
    deactivatedTitle: appText('ar', 'users:deactivatedTitle'),
    columns: columns('ar', ['name', 'email', 'phone', 'country']),
    deactivatedColumns: columns('ar', ['name', 'email', 'phone', 'whatsappPhone', 'country']),
    search: appText('ar', 'users:searchPlaceholder'),
    deactivate: appText('ar', 'users:deactivate'),
    rowDeactivate: appText('ar', 'users:deactivate'),
    rowReactivate: appText('ar', 'users:reactivate'),
    deactivateAll: appText('ar', 'users:deactivateAll'),
    deactivatedLink: appText('ar', 'users:deactivatedLink'),
    confirmDeactivate: 'هل أنت متأكد من إلغاء التفعيل؟',
    yesDeactivate: appText('ar', 'common:confirmDialog.deactivateConfirm'),
    cancel: appText('ar', 'common:confirmDialog.cancel'),
    empty: appText('ar', 'users:empty'),
    emptyDeactivated: appText('ar', 'users:emptyDeactivated'),
    reactivate: appText('ar', 'users:reactivate'),
    reactivateSelected: appText('ar', 'users:reactivateSelected'),
    reactivateAll: appText('ar', 'users:reactivateAll'),
    confirmReactivate: appText('ar', 'users:reactivateTitle'),
    yesReactivate: appText('ar', 'users:reactivateConfirm'),
    reactivated: 'تمت إعادة تفعيل المستخدم بنجاح!',
    selectedReactivated: 'تمت إعادة تفعيل المستخدمين بنجاح!',
    roleUser: 'مستخدم',
    selectRow: appText('ar', 'common:selectRow'),
    deactivateOneListed: appText('ar', 'users:deactivateAllDetails', { count: 1, n: 1 }),
    reactivateOneListed: appText('ar', 'users:reactivateAllDetails', { count: 1, n: 1 }),
    searchScope: (search: string) => appText('ar', 'common:confirmDialog.searchScope', { search }),
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

/**
 * Searches a list just opened: once it has settled, and typed again if the text was lost (typed as the screen
 * took over from the previous one, whose search the box then followed: a CI flake on a loaded machine).
 */
async function search(page: Page, placeholder: string, text: string) {
  await settled(page);
  await expect(async () => {
    await page.getByPlaceholder(placeholder).fill(text);
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(text).replace(/[.+]/g, '\\$&')}`), { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await settled(page);
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
      // The toast names the account (its Undo: feedback.spec.ts).
      await expect(toast(page, appText(lng, 'users:deactivatedNamed', { name: user!.name }))).toBeVisible();
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
      // The shared bulk selection (bulk.spec.ts covers it in depth): each row's checkbox is named after its account.
      for (const user of picked)
        await rowOf(page, user.email)
          .getByRole('checkbox', { name: appText(lng, 'bulk:selectRow', { name: user.name }) })
          .check();
      const two = appText(lng, 'bulk:nouns.account', { count: 2, n: new Intl.NumberFormat(lng === 'ar' ? 'ar-EG' : 'en-US').format(2) });
      const toolbar = page.getByRole('toolbar');
      await toolbar.getByRole('button', { name: appText(lng, 'bulk:actions.reactivate') }).click();
      await page
        .getByRole('alertdialog', { name: appText(lng, 'bulk:confirm.reactivate', { what: two }) })
        .getByRole('button', { name: appText(lng, 'bulk:actions.reactivate') })
        .click();
      await expect(toast(page, appText(lng, 'bulk:done.reactivate', { what: two }))).toBeVisible();
      for (const user of picked) {
        await expect(rowOf(page, user.email)).toHaveCount(0);
        expect(await accountIsActive(page.request, session, user)).toBe(true);
      }
    });

    test('deactivate all and reactivate all act on exactly the searched rows, and the dialog says how many and which search', async ({
      page,
    }) => {
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
      // The count is typed first: the button waits for it.
      await expect(dialog.getByRole('button', { name: t.yesDeactivate })).toBeDisabled();
      await dialog.getByRole('textbox').fill(lng === 'ar' ? '١' : '1');
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
      const back = await page.request.post(`${baseURL}/api/admin/users/reactivate`, {
        headers: auth(session),
        data: { ids: [bystander!.id] },
      });
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

import { axeBuilder } from './support/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL, languages, unique, type Lng } from './support/env';
import { gotoAs } from './support/session';
import { appText } from './support/app-text';
import { rowAction } from './support/row-menu';
import { settled } from './support/screens';

const t = (lng: Lng, key: string, values?: Record<string, string | number>) => appText(lng, `admins:${key}`, values);

async function axe(page: Page, label: string) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

/** The temporary password dialog: reads the password, checks the warning, closes it. */
async function takePassword(page: Page, lng: Lng): Promise<string> {
  const dialog = page.getByRole('alertdialog', { name: t(lng, 'passwordTitle') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t(lng, 'passwordWarning'));
  const password = (await dialog.locator('[data-temporary-password]').textContent())!.trim();
  expect(password.length).toBeGreaterThanOrEqual(12);
  await dialog.getByRole('button', { name: t(lng, 'done') }).click();
  await expect(dialog).toBeHidden();
  // Shown once: nowhere on the page once the dialog is closed.
  await expect(page.getByText(password)).toHaveCount(0);
  return password;
}

const signIn = async (page: Page, email: string, password: string) =>
  page.request.post(`${baseURL}/api/auth/login`, { data: { email, password }, headers: { Accept: 'application/json' } });

const meWith = (page: Page, token: string) =>
  page.request.get(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });

for (const lng of languages) {
  test.describe(`admins (${lng})`, () => {
    test('create an admin, see the password once, change the role, deactivate, reactivate, reset the password', async ({ page }) => {
      const name = unique('Admin');
      const email = `${unique('new-admin')}@sehha.test`.toLowerCase();
      await gotoAs(page, lng, '/dashboard/admins');
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'title') })).toBeVisible();
      await settled(page);
      await axe(page, `${lng} admins`);

      // Create: name, email, role; the password is shown once.
      await page.getByRole('button', { name: t(lng, 'addButton') }).click();
      const form = page.getByRole('dialog', { name: t(lng, 'addTitle') });
      await form.getByLabel(t(lng, 'name')).fill(name);
      await form.getByLabel(t(lng, 'email')).fill(email);
      await form.getByLabel(t(lng, 'role')).selectOption('reviewer');
      await expect(form).toContainText(t(lng, 'roleHelp.reviewer'));
      await axe(page, `${lng} add admin dialog`);
      await form.getByRole('button', { name: t(lng, 'create') }).click();
      const password = await takePassword(page, lng);

      // That admin signs in, as a reviewer.
      const login = await signIn(page, email, password);
      expect(login.status()).toBe(200);
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      expect(((await (await meWith(page, token)).json()) as { data: { admin_role: string } }).data.admin_role).toBe('reviewer');

      await page.goto(`/${lng}/dashboard/admins?search=${encodeURIComponent(email)}`);
      const row: Locator = page.getByRole('row').filter({ hasText: email });
      await expect(row).toContainText(t(lng, 'roles.reviewer'));
      await expect(row).toContainText(t(lng, 'active'));

      // Change the role: it applies to the admin's next request.
      await (await rowAction(row, t(lng, 'changeRole'))).click();
      const roleDialog = page.getByRole('dialog', { name: t(lng, 'changeRoleTitle', { name }) });
      await roleDialog.getByLabel(t(lng, 'role')).selectOption('viewer');
      await roleDialog.getByRole('button', { name: t(lng, 'saveRole') }).click();
      await expect(row).toContainText(t(lng, 'roles.viewer'));
      expect(((await (await meWith(page, token)).json()) as { data: { admin_role: string } }).data.admin_role).toBe('viewer');

      // Deactivate: signed out at once.
      await (await rowAction(row, t(lng, 'deactivate'))).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: appText(lng, 'common:confirmDialog.deactivateConfirm') })
        .click();
      await expect(row).toContainText(t(lng, 'deactivated'));
      expect((await meWith(page, token)).status()).toBe(401);
      expect((await signIn(page, email, password)).status()).toBe(422); // as a wrong password would

      // Reactivate: the password signs in again.
      await (await rowAction(row, t(lng, 'reactivate'))).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: t(lng, 'reactivateConfirm') })
        .click();
      await expect(row).toContainText(t(lng, 'active'));
      expect((await signIn(page, email, password)).status()).toBe(200);

      // Reset the password: a new one, once; the old one no longer works.
      await (await rowAction(row, t(lng, 'resetPassword'))).click();
      await page
        .getByRole('alertdialog', { name: t(lng, 'resetPasswordTitle', { name }) })
        .getByRole('button', { name: t(lng, 'resetPasswordConfirm') })
        .click();
      const newPassword = await takePassword(page, lng);
      expect(newPassword).not.toBe(password);
      expect((await signIn(page, email, password)).status()).toBe(422);
      expect((await signIn(page, email, newPassword)).status()).toBe(200);

      // The sessions screen of that admin is one row action away.
      await expect(await rowAction(row, t(lng, 'sessions'))).toHaveAttribute(
        'href',
        new RegExp(`/${lng}/dashboard/sessions\\?admin_id=\\d+$`),
      );
    });
  });
}

import { axeBuilder } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { securityMessages } from '@sehha/contract/security';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs } from './support/session';
import { appText } from './support/app-text';
import { makeAdmin, type MadeAdmin } from './support/admins';
import { settled } from './support/screens';
import { rowAction } from './support/row-menu';

const t = (lng: Lng, key: string, values?: Record<string, string | number>) => appText(lng, `security:${key}`, values);
const auth = (lng: Lng, key: string) => appText(lng, `auth:${key}`);

/** The code an authenticator app shows `steps` 30-second steps from now (the next one is always unspent). */
const codeAt = (secret: string, steps = 0) => authenticator.clone({ epoch: Date.now() + steps * 30_000 }).generate(secret);

async function axe(page: Page, label: string) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

async function signOut(page: Page, lng: Lng) {
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: appText(lng, 'common:logout') }).click();
  await expect(page).toHaveURL(`/${lng}/login`);
}

/** The password step; on an enrolled account the same screen then asks for the code. */
async function signInWithPassword(page: Page, lng: Lng, admin: MadeAdmin) {
  await page.getByLabel(auth(lng, 'email')).fill(admin.email);
  await page.getByLabel(auth(lng, 'password')).fill(admin.password);
  await page.getByRole('button', { name: auth(lng, 'submit'), exact: true }).click();
  await expect(page.getByRole('form', { name: t(lng, 'login.codeTitle') })).toBeVisible();
}

const me = (page: Page, token: string) =>
  page.request.get(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });

for (const lng of languages) {
  test.describe(`two-factor sign-in (${lng})`, () => {
    test('enrol on the Security screen, then sign in with a code and with a recovery code; a used code is refused', async ({ page }) => {
      test.setTimeout(180_000);
      // A fresh admin: the shared demo admin, which other specs sign in with, stays without a second factor.
      const admin = await makeAdmin(page.request, 'viewer');
      await gotoAs(page, lng, '/dashboard/home', admin.session);

      // Reachable from the header's account menu.
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: appText(lng, 'screens:security') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/security`);
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'title') })).toBeVisible();
      await expect(page.getByText(t(lng, 'statusOff'), { exact: true })).toBeVisible();
      await settled(page);
      await axe(page, `${lng} security`);

      // Enrol: the QR code as an image, the key for manual entry, a first code.
      await page.getByRole('button', { name: t(lng, 'enable') }).click();
      await expect(page.getByRole('img', { name: t(lng, 'qrAlt') })).toBeVisible();
      const secret = (await page.locator('[data-setup-key]').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await axe(page, `${lng} security enrolment`);
      const codeField = page.getByLabel(t(lng, 'code'));
      await codeField.fill('000000' === codeAt(secret) ? '111111' : '000000');
      await page.getByRole('button', { name: t(lng, 'confirm') }).click();
      await expect(page.getByText(securityMessages.invalidCode[lng])).toBeVisible();
      await codeField.fill(codeAt(secret));
      await page.getByRole('button', { name: t(lng, 'confirm') }).click();

      // The recovery codes, once.
      const dialog = page.getByRole('alertdialog', { name: t(lng, 'recoveryTitle') });
      await expect(dialog).toBeVisible();
      const recovery = (await dialog.locator('[data-recovery-code]').allTextContents()).map((code) => code.trim());
      expect(recovery).toHaveLength(10);
      recovery.forEach((code) => expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/));
      await axe(page, `${lng} recovery codes dialog`);
      await dialog.getByRole('button', { name: t(lng, 'saved') }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(recovery[0]!)).toHaveCount(0);
      await expect(page.getByText(t(lng, 'statusOn'), { exact: true })).toBeVisible();
      await expect(page.locator('[data-recovery-left]')).toHaveText(t(lng, 'recoveryLeft', { count: 10 }));

      // Password, then a code. The next step's code: the confirmation spent the current one.
      await signOut(page, lng);
      await signInWithPassword(page, lng, admin);
      const code = page.getByLabel(t(lng, 'login.code'));
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await expect(code).toHaveAttribute('inputmode', 'numeric');
      const next = codeAt(secret, 1);
      await code.fill(next);
      await page.getByRole('button', { name: t(lng, 'login.verify') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/home`);

      // The same code again is refused, and the screen stays on the code step.
      await signOut(page, lng);
      await signInWithPassword(page, lng, admin);
      await page.getByLabel(t(lng, 'login.code')).fill(next);
      await page.getByRole('button', { name: t(lng, 'login.verify') }).click();
      await expect(page.getByText(securityMessages.invalidCode[lng])).toBeVisible();
      await expect(page.getByLabel(t(lng, 'login.code'))).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(`/${lng}/login`);

      // A recovery code instead.
      await page.getByRole('button', { name: t(lng, 'login.useRecoveryCode') }).click();
      await page.getByLabel(t(lng, 'login.recoveryCode')).fill(recovery[0]!);
      await page.getByRole('button', { name: t(lng, 'login.verify') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/home`);
      await page.goto(`/${lng}/dashboard/security`);
      await expect(page.locator('[data-recovery-left]')).toHaveText(t(lng, 'recoveryLeft', { count: 9 }));
    });

    test('new recovery codes after a confirmation with a code; turning off with the password', async ({ page }) => {
      const admin = await makeAdmin(page.request, 'viewer');
      const headers = { Authorization: `Bearer ${admin.session.token}`, Accept: 'application/json' };
      // Enrolled through the API: the screen's enrolment is the test above.
      const setup = await page.request.post(`${baseURL}/api/admin/security/two-factor/setup`, { headers, data: {} });
      const secret = ((await setup.json()) as { data: { secret: string } }).data.secret;
      const confirmed = await page.request.post(`${baseURL}/api/admin/security/two-factor/confirm`, {
        headers,
        data: { code: codeAt(secret) },
      });
      expect(confirmed.status()).toBe(200);
      const old = ((await confirmed.json()) as { data: { recovery_codes: string[] } }).data.recovery_codes;

      await gotoAs(page, lng, '/dashboard/security', admin.session);
      await expect(page.getByText(t(lng, 'statusOn'), { exact: true })).toBeVisible();
      await page.getByRole('button', { name: t(lng, 'regenerate') }).click();
      const regenerate = page.getByRole('alertdialog', { name: t(lng, 'regenerateTitle') });
      await regenerate.getByLabel(t(lng, 'code')).fill(codeAt(secret, 1));
      await axe(page, `${lng} regenerate dialog`);
      await regenerate.getByRole('button', { name: t(lng, 'regenerateConfirm') }).click();
      const codes = page.getByRole('alertdialog', { name: t(lng, 'recoveryTitle') });
      await expect(codes.locator('[data-recovery-code]')).toHaveCount(10);
      const fresh = (await codes.locator('[data-recovery-code]').allTextContents()).map((code) => code.trim());
      expect(fresh.filter((code) => old.includes(code))).toEqual([]);
      await codes.getByRole('button', { name: t(lng, 'saved') }).click();

      // Off with the password (the phone is lost): a wrong one is refused next to the field.
      await page.getByRole('button', { name: t(lng, 'disable') }).click();
      const disable = page.getByRole('alertdialog', { name: t(lng, 'disableTitle') });
      await disable.getByRole('button', { name: t(lng, 'usePassword') }).click();
      await disable.getByLabel(t(lng, 'password')).fill('not-the-password');
      await disable.getByRole('button', { name: t(lng, 'disableConfirm') }).click();
      await expect(disable.getByText(securityMessages.badPassword[lng])).toBeVisible();
      await disable.getByLabel(t(lng, 'password')).fill(admin.password);
      await disable.getByRole('button', { name: t(lng, 'disableConfirm') }).click();
      await expect(disable).toBeHidden();
      await expect(page.getByText(t(lng, 'statusOff'), { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t(lng, 'enable') })).toBeVisible();
    });

    test('My sessions shows this session and signs out another one, then all others', async ({ page }) => {
      const admin = await makeAdmin(page.request, 'viewer');
      const login = async () => {
        const response = await page.request.post(`${baseURL}/api/auth/login`, {
          data: { email: admin.email, password: admin.password },
          headers: { Accept: 'application/json' },
        });
        expect(response.status()).toBe(200);
        return ((await response.json()) as { data: { token: string } }).data.token;
      };
      const other = await login();
      await gotoAs(page, lng, '/dashboard/home', admin.session);

      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: appText(lng, 'screens:mySessions') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/sessions`);
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'sessions.title') })).toBeVisible();
      const table = page.getByRole('table', { name: t(lng, 'sessions.caption') });
      const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
      await expect(rows).toHaveCount(2);
      const current = rows.filter({ hasText: t(lng, 'sessions.current') });
      await expect(current).toHaveCount(1);
      await expect(current.getByRole('button')).toHaveCount(0);
      await expect(current).toContainText('127.0.0.1');
      await settled(page);
      await axe(page, `${lng} sessions`);

      // Sign out the other one: its token stops working at once.
      await rows
        .filter({ hasNotText: t(lng, 'sessions.current') })
        .getByRole('button', { name: t(lng, 'sessions.revoke') })
        .click();
      const confirm = page.getByRole('alertdialog', { name: t(lng, 'sessions.revokeTitle') });
      await confirm.getByRole('button', { name: t(lng, 'sessions.revoke') }).click();
      await expect(rows).toHaveCount(1);
      expect((await me(page, other)).status()).toBe(401);
      expect((await me(page, admin.session.token)).status()).toBe(200);

      // Two more elsewhere, then every other session at once.
      const third = await login();
      const fourth = await login();
      await page.reload();
      await expect(rows).toHaveCount(3);
      await page.getByRole('button', { name: t(lng, 'sessions.revokeOthers') }).click();
      await page
        .getByRole('alertdialog', { name: t(lng, 'sessions.revokeOthersTitle') })
        .getByRole('button', { name: t(lng, 'sessions.revokeOthers') })
        .click();
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(t(lng, 'sessions.current'));
      for (const token of [third, fourth]) expect((await me(page, token)).status()).toBe(401);
      expect((await me(page, admin.session.token)).status()).toBe(200);
    });

    test("a super admin opens an admin's sessions from the Admins screen and signs one out", async ({ page }) => {
      const admin = await makeAdmin(page.request, 'reviewer');
      await gotoAs(page, lng, `/dashboard/admins?search=${encodeURIComponent(admin.email)}`);
      const adminRow = page.getByRole('row').filter({ hasText: admin.email });
      await (await rowAction(adminRow, appText(lng, 'admins:sessions'))).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/sessions?admin_id=${admin.id}`);
      await expect(page.getByRole('heading', { level: 1, name: appText(lng, 'screens:sessions') })).toBeVisible();

      // Their one session (makeAdmin's sign-in); not this browser's, so no badge and no "all others".
      const rows = page
        .getByRole('table', { name: t(lng, 'sessions.caption') })
        .getByRole('row')
        .filter({ has: page.getByRole('cell') });
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).not.toContainText(t(lng, 'sessions.current'));
      await expect(page.getByRole('button', { name: t(lng, 'sessions.revokeOthers') })).toHaveCount(0);
      await rows
        .first()
        .getByRole('button', { name: t(lng, 'sessions.revoke') })
        .click();
      await page
        .getByRole('alertdialog', { name: t(lng, 'sessions.revokeTitle') })
        .getByRole('button', { name: t(lng, 'sessions.revoke') })
        .click();
      await expect(page.getByText(t(lng, 'sessions.empty'))).toBeVisible();
      expect((await me(page, admin.session.token)).status()).toBe(401);
    });
  });
}

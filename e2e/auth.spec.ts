import { expect, test } from '@playwright/test';
import { admin, baseURL, languages, unique } from './support/env';
import { apiLogin, gotoAs, seedSession, storedSession } from './support/session';
import { texts } from './support/texts';

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`auth (${lng})`, () => {
    test('the login screen welcomes admins only, requires email and password, and a failed login stays on it', async ({ page }) => {
      await page.goto(`/${lng}/login`);
      await expect(page.getByRole('heading', { name: t.loginWelcome })).toBeVisible();
      await expect(page.getByText(t.adminsOnly)).toBeVisible();

      await page.getByRole('button', { name: t.loginButton, exact: true }).click();
      await expect(page.getByText(t.emailRequired)).toBeVisible();
      await expect(page.getByText(t.passwordRequired)).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/login`);

      // An unknown account: failures are throttled per account, so the admin is never locked out.
      await page.getByLabel(t.email).fill(`${unique('nobody')}@sehha.test`);
      await page.getByLabel(t.password).fill('wrong-password-123');
      await page.getByRole('button', { name: t.loginButton, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.loginFailed })).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/login`);
      expect(await storedSession(page)).toEqual({ token: null, role: null });
    });

    test('a successful login toasts and opens home', async ({ page }) => {
      await page.goto(`/${lng}/login`);
      await page.getByLabel(t.email).fill(admin.email);
      await page.getByLabel(t.password).fill(admin.password);
      await page.getByRole('button', { name: t.loginButton, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.loggedIn })).toBeVisible();
      await expect(page).toHaveURL(`/${lng}/dashboard/home`);
      expect(await storedSession(page)).toEqual({ token: expect.any(String), role: 'admin' });
    });

    test('the dashboard without a session goes to login, and so does a 401 from the API, clearing the session', async ({ page }) => {
      await page.goto(`/${lng}/dashboard/home`);
      await expect(page).toHaveURL(`/${lng}/login`);
      await page.goto(`/${lng}/dashboard/hospitals?tab=types`);
      await expect(page).toHaveURL(`/${lng}/login`);

      await seedSession(page, { token: 'not-a-valid-token', role: 'admin' });
      await page.goto(`/${lng}/dashboard/hospitals?tab=types`);
      await expect(page).toHaveURL(`/${lng}/login`);
      expect(await storedSession(page)).toEqual({ token: null, role: null });
    });

    test('logout revokes the token, clears the session and goes to login', async ({ page }) => {
      const session = await apiLogin(page.request); // its own token: logging out must not end other tests' sessions
      await gotoAs(page, lng, '/dashboard/home', session);
      await page.getByRole('button', { name: t.logout }).click();
      await expect(page).toHaveURL(`/${lng}/login`);
      expect(await storedSession(page)).toEqual({ token: null, role: null });
      const me = await page.request.get(`${baseURL}/api/auth/me`, {
        headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
      });
      expect(me.status()).toBe(401);
      await page.goto(`/${lng}/dashboard/home`);
      await expect(page).toHaveURL(`/${lng}/login`);
    });
  });
}

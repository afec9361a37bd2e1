import { expect, test, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs } from './support/session';
import { appText, appTextPattern } from './support/app-text';
import { makeAdmin, type AdminRole } from './support/admins';
import { settled } from './support/screens';

/** The API's refusal of a call the role may not make (contract messages.ts, commonMessages.roleForbidden). */
const forbidden = { en: 'Your role does not allow this action.', ar: 'صلاحيات دورك لا تسمح بهذا الإجراء.' } as const;

const sidebar = (page: Page, lng: Lng) => page.getByRole('navigation', { name: appText(lng, 'nav:label') });

for (const lng of languages) {
  test.describe(`roles (${lng})`, () => {
    for (const role of ['viewer', 'reviewer'] as const satisfies AdminRole[]) {
      test(`a ${role} sees every screen but Admins, and no action the role may not take`, async ({ page }) => {
        const made = await makeAdmin(page.request, role);
        await gotoAs(page, lng, '/dashboard/home', made.session);
        const nav = sidebar(page, lng);
        await expect(nav.getByRole('link', { name: appText(lng, 'nav:auditLog') })).toBeVisible();
        await expect(nav.getByRole('link', { name: appText(lng, 'nav:doctors') })).toBeVisible();
        await expect(nav.getByRole('link', { name: appText(lng, 'nav:admins') })).toHaveCount(0);
        // The stored session stays as the specification has it: token and role 'admin'.
        expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('admin');
        await settled(page);
        await page.keyboard.press('Control+K');
        await page.getByRole('combobox').fill(appText(lng, 'nav:admins'));
        await expect(page.getByRole('option', { name: appText(lng, 'nav:auditLog') })).toHaveCount(0);
        await expect(page.getByRole('option', { name: appText(lng, 'nav:admins') })).toHaveCount(0);
        await page.keyboard.press('Escape');

        // Providers: deactivating is for super admins; deciding is for reviewers too.
        await page.goto(`/${lng}/dashboard/doctors`);
        const deactivateAll = page.getByRole('button', { name: appText(lng, 'providers:kinds.doctors.deactivateAll') });
        await expect(deactivateAll).toBeDisabled();
        await expect(deactivateAll).toHaveAttribute('title', appText(lng, 'common:notAllowedAction'));
        const reject = page.getByRole('button', {
          name: appTextPattern(lng, 'providers:transitionRow', { action: appText(lng, 'providers:transition.rejected') }),
        });
        if (role === 'reviewer') await expect(reject.first()).toBeVisible();
        else {
          await expect(page.getByRole('table')).toBeVisible();
          await expect(reject).toHaveCount(0);
        }

        // Catalogs: no add button, no row actions.
        await page.goto(`/${lng}/dashboard/specialities`);
        await expect(page.getByRole('table')).toBeVisible();
        await expect(page.getByRole('link', { name: appText(lng, 'specialities:addButton') })).toHaveCount(0);
        await expect(page.locator('[data-row-actions]')).toHaveCount(0);

        // Typed by hand, the admins screen says the role may not open it.
        await page.goto(`/${lng}/dashboard/admins`);
        await expect(page.getByText(appText(lng, 'common:notAllowedScreen'))).toBeVisible();

        // The API is the real guard: the same token's forbidden call is a 403 with the message in the language asked.
        const refused = await page.request.post(`${baseURL}/api/admin/specialities/store`, {
          data: { name_ar: 'تخصص', name_en: 'Speciality' },
          headers: { Authorization: `Bearer ${made.session.token}`, Accept: 'application/json', 'Accept-Language': lng },
        });
        expect(refused.status()).toBe(403);
        expect(await refused.json()).toEqual({ message: forbidden[lng] });
        const reads = await page.request.get(`${baseURL}/api/admin/specialities`, {
          headers: { Authorization: `Bearer ${made.session.token}`, Accept: 'application/json' },
        });
        expect(reads.status()).toBe(200);
      });
    }

    test('a super admin sees Admins in the sidebar and the command palette', async ({ page }) => {
      await gotoAs(page, lng, '/dashboard/home');
      await expect(sidebar(page, lng).getByRole('link', { name: appText(lng, 'nav:admins') })).toBeVisible();
      await settled(page);
      await page.keyboard.press('Control+K');
      await page.getByRole('combobox').fill(appText(lng, 'nav:admins'));
      await expect(page.getByRole('option', { name: appText(lng, 'nav:admins') })).toBeVisible();
    });
  });
}

import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';
import { settled } from './support/screens';
import { audit } from './support/axe';

/**
 * Issue 29: a license decision and a change request decision name their record in the toast and offer Undo (one
 * mechanism with the provider decisions, e2e/feedback.spec.ts); the users page keeps "Deactivate all" under the list.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });
const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const undone = { en: 'Decision undone', ar: 'تم التراجع عن القرار' } as const;

type License = { id: number; number: string; status: string; provider: { name_en: string; name_ar: string } };
type ChangeRequest = {
  id: number;
  status: number;
  user: { name: string; email: string };
  changes: { field: string; current: unknown; requested: unknown }[];
};

async function get<T>(request: APIRequestContext, session: Session, path: string, params: Record<string, string> = {}) {
  const response = await request.get(`${baseURL}${path}`, { headers: auth(session), params });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}

languages.forEach((lng: Lng, index) => {
  test.describe(`undo (${lng})`, () => {
    test('a license decision: the toast names the license, Undo returns it to its status, audited', async ({ page }) => {
      const session = await sharedSession(page.request);
      // A rejected license (the other specs decide pending ones), one per language.
      const rejected = (
        await get<{ data: License[] }>(page.request, session, '/api/admin/licenses', { status: 'rejected', per_page: '50' })
      ).data;
      const license = rejected[index];
      expect(license, 'a rejected demo license for this language').toBeDefined();
      const providerName = lng === 'ar' ? license!.provider.name_ar : license!.provider.name_en;
      await page.setViewportSize(lng === 'ar' ? phone : desktop);
      await gotoAs(page, lng, `/dashboard/license?status=rejected&search=${encodeURIComponent(license!.provider.name_en)}`, session);
      await settled(page);
      const row = rows(page).filter({ hasText: license!.number });
      await row.getByRole('button', { name: new RegExp(`^${appText(lng, 'providers:transition.approved')}`) }).click();
      await page
        .getByRole('alertdialog', { name: appText(lng, 'providers:decision.title.license.approved') })
        .getByRole('button', { name: appText(lng, 'providers:decision.confirm.approved') })
        .click();
      const decided = toast(page, appText(lng, 'providers:licenses.decided.approved', { name: `${providerName} ${license!.number}` }));
      await expect(decided).toBeVisible();
      await decided.hover();
      await audit(page, `${lng} license decision toast`);
      await decided.getByRole('button', { name: appText(lng, 'common:undo') }).click();
      await expect(toast(page, undone[lng])).toBeVisible();

      const after = (
        await get<{ data: License[] }>(page.request, session, '/api/admin/licenses', { search: license!.provider.name_en, per_page: '50' })
      ).data;
      expect(after.find((l) => l.id === license!.id)?.status).toBe('rejected');
      const history = await get<{ data: { action: string }[] }>(page.request, session, `/api/admin/audit-logs/license/${license!.id}`);
      expect(history.data.slice(0, 2).map((entry) => entry.action)).toEqual(['undo', 'status']);
      // Filtered on rejected, the license is listed again.
      await expect(row).toHaveCount(1);
    });

    test('a change request decision: the toast names the account, Undo puts the old values back and the request waits again', async ({
      page,
    }) => {
      const session = await sharedSession(page.request);
      // The oldest harmless waiting request of this language (requests.spec.ts takes the newest ones).
      const harmless = (r: ChangeRequest) =>
        r.status === 0 && r.changes.every((c) => c.field === 'phone' || c.field === 'whatsapp_phone' || c.field === 'address');
      const waiting = (await get<ChangeRequest[]>(page.request, session, '/api/admin/change-requests'))
        .filter(harmless)
        .sort((a, b) => a.id - b.id);
      const target = waiting[index];
      expect(target, 'a waiting demo change request for this language').toBeDefined();
      await page.setViewportSize(lng === 'ar' ? phone : desktop);
      await gotoAs(page, lng, '/dashboard/requests?state=waiting', session);
      await settled(page);
      const row = rows(page)
        .filter({ hasText: target!.user.email })
        .filter({ hasText: String(target!.changes[0]!.requested) });
      await row.getByRole('button', { name: new RegExp(appText(lng, 'change-requests:accept')) }).click();
      await page
        .getByRole('alertdialog', { name: appText(lng, 'change-requests:decision.accept.title') })
        .getByRole('button', { name: appText(lng, 'change-requests:decision.accept.confirm') })
        .click();
      const decided = toast(page, appText(lng, 'change-requests:decided.1', { name: target!.user.name }));
      await expect(decided).toBeVisible();
      await decided.hover();
      await decided.getByRole('button', { name: appText(lng, 'common:undo') }).click();
      // The notice may have left already (the deliverer runs every 5 s): the answer then says so, after the same words.
      await expect(toast(page, new RegExp(`^${undone[lng]}`))).toBeVisible();

      const after = (await get<ChangeRequest[]>(page.request, session, '/api/admin/change-requests')).find((r) => r.id === target!.id)!;
      expect(after.status).toBe(0);
      expect(after.changes.map((c) => c.current)).toEqual(target!.changes.map((c) => c.current));
      await expect(row).toHaveCount(1);
    });
  });
});

test('users: "Deactivate all" sits under the list, away from Export, at 1280 and 390 px in both languages', async ({ page }) => {
  const session = await sharedSession(page.request);
  for (const lng of languages)
    for (const viewport of [desktop, phone]) {
      await page.setViewportSize(viewport);
      await gotoAs(page, lng, '/dashboard/users', session);
      await settled(page);
      const deactivateAll = page.getByRole('button', { name: appText(lng, 'users:deactivateAll') });
      await deactivateAll.scrollIntoViewIfNeeded();
      const all = await box(deactivateAll);
      const table = await box(page.getByRole('table'));
      expect(all.y, `${lng} ${viewport.width}: under the list`).toBeGreaterThan(table.y + table.height);
      const exported = await box(page.locator('[data-export]'));
      expect(all.y - exported.y, `${lng} ${viewport.width}: away from Export`).toBeGreaterThan(200);
      expect(all.x).toBeGreaterThanOrEqual(0);
      expect(all.x + all.width).toBeLessThanOrEqual(viewport.width + 1);
      // Not the title bar's: the header of the screen holds the deactivated link and Export only.
      expect(await deactivateAll.evaluate((element) => element.classList.contains('btn-danger'))).toBe(false);
      if (viewport === phone) await audit(page, `${lng} users page on a phone`);
    }
});

import { axeBuilder } from './support/axe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';
import { settled } from './support/screens';
import { listProviders } from './support/providers';
import { makeAdmin } from './support/admins';

/** Bulk selection (issue 12): the checkbox column, "Select all N matching", bulk actions with a counted confirm. */

type Account = { id: number; name: string; email: string };
type Page10<T> = { data: { data: T[]; total: number } };

const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });
const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });
const bar = (page: Page) =>
  page
    .getByRole('toolbar', { name: appText('en', 'bulk:barLabel') })
    .or(page.getByRole('toolbar', { name: appText('ar', 'bulk:barLabel') }));

/** A count as the dashboard writes it: grouped, Arabic-Indic digits in Arabic. */
const number = (lng: Lng, n: number) => new Intl.NumberFormat(lng === 'ar' ? 'ar-EG' : 'en-US').format(n);
const what = (lng: Lng, noun: string, count: number) => appText(lng, `bulk:nouns.${noun}`, { count, n: number(lng, count) });
const bulkText = (lng: Lng, key: string, values: Record<string, string | number> = {}) => appText(lng, `bulk:${key}`, values);

async function get<T>(request: APIRequestContext, session: Session, path: string): Promise<T> {
  const response = await request.get(`${baseURL}${path}`, { headers: auth(session) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

async function axe(page: Page, label: string) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

/**
 * A name word shared by 11 to 20 active ordinary users and by no deactivated account, so that the
 * deactivated list under it is exactly the accounts this test deactivates (more than a page of 10).
 * Each language takes its own word (English the first in alphabetical order, Arabic the last).
 */
async function sharedNameWord(request: APIRequestContext, session: Session, lng: Lng): Promise<string> {
  const seen = new Map<string, number>();
  for (const pageNumber of [3, 4, 5]) {
    const users = await get<Page10<Account>>(request, session, `/api/admin/users?per_page=100&page=${pageNumber}`);
    for (const user of users.data.data)
      for (const word of user.name.split(/\s+/)) if (/^[A-Za-z]{5,}$/.test(word)) seen.set(word, (seen.get(word) ?? 0) + 1);
  }
  const words = [...seen.keys()].sort();
  if (lng === 'ar') words.reverse();
  for (const word of words) {
    const active = await get<Page10<Account>>(request, session, `/api/admin/users?search=${word}`);
    if (active.data.total < 11 || active.data.total > 20) continue;
    const deactivated = await get<Page10<Account>>(request, session, `/api/admin/users/deactivated?search=${word}`);
    if (deactivated.data.total === 0) return word;
  }
  throw new Error('no name word shared by 11 to 20 users');
}

languages.forEach((lng, index) => {
  test.describe(`bulk selection (${lng})`, () => {
    test('doctors: the page, then all matching; the confirm dialog counts them; RTL column; axe; a new search clears it', async ({
      page,
    }) => {
      const session = await sharedSession(page.request);
      const total = (await get<Page10<{ id: number }>>(page.request, session, '/api/admin/providers/doctors')).data.total;
      expect(total).toBeGreaterThan(10);
      await gotoAs(page, lng, '/dashboard/doctors', session);
      await expect(rows(page)).toHaveCount(10);
      await settled(page);
      await expect(bar(page)).toHaveCount(0);

      await page.getByRole('checkbox', { name: appText(lng, 'common:selectAll') }).check();
      await expect(bar(page)).toBeVisible();
      await expect(bar(page)).toContainText(bulkText(lng, 'selected', { what: what(lng, 'doctor', 10) }));
      // The count is announced to screen readers.
      await expect(page.locator('[aria-live="polite"][data-bulk-live]')).toHaveText(
        bulkText(lng, 'selected', { what: what(lng, 'doctor', 10) }),
      );
      // Each row's checkbox is named after its doctor.
      const firstName = (await rows(page).first().locator('td[data-column="name"] .font-medium').first().textContent())!.trim();
      await expect(
        rows(page)
          .first()
          .getByRole('checkbox', { name: bulkText(lng, 'selectRow', { name: firstName }) }),
      ).toBeChecked();

      // The checkbox column is the first column: at the left edge in English, at the right edge in Arabic.
      const table = (await page.getByRole('table').boundingBox())!;
      const box = (await rows(page).first().getByRole('checkbox').boundingBox())!;
      if (lng === 'ar') expect(table.x + table.width - (box.x + box.width)).toBeLessThan(48);
      else expect(box.x - table.x).toBeLessThan(48);

      await axe(page, `${lng} doctors with the selection bar`);

      await bar(page)
        .getByRole('button', { name: bulkText(lng, 'selectAllMatching', { n: number(lng, total) }) })
        .click();
      await expect(bar(page)).toContainText(bulkText(lng, 'allMatchingSelected', { what: what(lng, 'doctor', total) }));
      await bar(page)
        .getByRole('button', { name: bulkText(lng, 'actions.approve') })
        .click();
      const dialog = page.getByRole('alertdialog', { name: bulkText(lng, 'confirm.approve', { what: what(lng, 'doctor', total) }) });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(bulkText(lng, 'scopeAll'));
      await axe(page, `${lng} bulk confirm dialog`);
      await dialog.getByRole('button', { name: appText(lng, 'common:confirmDialog.cancel') }).click();
      await expect(dialog).toBeHidden();
      await expect(bar(page)).toBeVisible();

      // Another search is another list: the selection is gone.
      await page.getByPlaceholder(appText(lng, 'providers:kinds.doctors.searchPlaceholder')).fill('Dr');
      await expect(page).toHaveURL(/search=Dr/);
      await expect(bar(page)).toHaveCount(0);
      await expect(page.locator('[data-bulk-live]')).toHaveText('');
    });

    test('the bar offers what the role allows: a reviewer decides but does not deactivate, a viewer does neither', async ({ page }) => {
      const reviewer = await makeAdmin(page.request, 'reviewer');
      await gotoAs(page, lng, '/dashboard/doctors', reviewer.session);
      await expect(rows(page)).toHaveCount(10);
      await rows(page).first().getByRole('checkbox').check();
      await expect(bar(page).getByRole('button', { name: bulkText(lng, 'actions.approve') })).toBeEnabled();
      await expect(bar(page).getByRole('button', { name: bulkText(lng, 'actions.reject') })).toBeEnabled();
      const deactivate = bar(page).getByRole('button', { name: bulkText(lng, 'actions.deactivate') });
      await expect(deactivate).toBeDisabled();
      await expect(deactivate).toHaveAttribute('title', appText(lng, 'common:notAllowedAction'));

      const viewer = await makeAdmin(page.request, 'viewer');
      await page.context().clearCookies();
      await page.evaluate((token) => localStorage.setItem('token', token), viewer.session.token);
      await page.goto(`/${lng}/dashboard/license`);
      await expect(rows(page)).toHaveCount(10);
      await rows(page).first().getByRole('checkbox').check();
      for (const action of ['approve', 'reject'])
        await expect(bar(page).getByRole('button', { name: bulkText(lng, `actions.${action}`) })).toBeDisabled();
    });

    test('doctors: approves the selected pending doctor after a counted confirmation', async ({ page }) => {
      const session = await sharedSession(page.request);
      // A pending doctor away from the ones other tests take (the newest, and the fixture): the oldest of this language's parity.
      const pending = (await listProviders(page.request, session, 'doctors', { status: 'pending' }))
        .slice(3)
        .filter((doctor) => doctor.id % 2 === index && doctor.name_en !== 'Dr. Mariam Adel Fahmy');
      const doctor = pending.at(-1);
      expect(doctor, 'a pending doctor for this language').toBeDefined();

      await gotoAs(page, lng, `/dashboard/doctors?status=pending&search=${encodeURIComponent(doctor!.email)}`, session);
      await expect(rows(page)).toHaveCount(1);
      const name = lng === 'ar' ? doctor!.name_ar : doctor!.name_en;
      await rowOf(page, doctor!.email)
        .getByRole('checkbox', { name: bulkText(lng, 'selectRow', { name }) })
        .check();
      await expect(bar(page)).toContainText(bulkText(lng, 'selected', { what: what(lng, 'doctor', 1) }));
      // All matching is the page itself: nothing more to offer.
      await expect(page.locator('[data-select-all-matching]')).toHaveCount(0);
      await bar(page)
        .getByRole('button', { name: bulkText(lng, 'actions.approve') })
        .click();
      const dialog = page.getByRole('alertdialog', { name: bulkText(lng, 'confirm.approve', { what: what(lng, 'doctor', 1) }) });
      await dialog.getByRole('button', { name: bulkText(lng, 'actions.approve') }).click();
      await expect(toast(page, bulkText(lng, 'done.approve', { what: what(lng, 'doctor', 1) }))).toBeVisible();
      // Filtered on pending: the approved doctor leaves the list, and the selection is cleared.
      await expect(rows(page).filter({ hasText: doctor!.email })).toHaveCount(0);
      await expect(bar(page)).toHaveCount(0);
      const after = await listProviders(page.request, session, 'doctors', { search: doctor!.email });
      expect(after.find((p) => p.id === doctor!.id)?.status).toBe('approved');
    });

    test('users: deactivates two selected rows', async ({ page }) => {
      const session = await sharedSession(page.request);
      const listPage = 20 + index;
      // The two rows are read from the screen, not from an earlier API call: other specs deactivate and
      // reactivate demo users at the same time, which shifts the pages between the two.
      const picked: Account[] = [];
      try {
        await gotoAs(page, lng, `/dashboard/users?page=${listPage}`, session);
        await settled(page);
        for (const position of [2, 3]) {
          const email = /[\w.+-]+@[\w.-]+/.exec(await rows(page).nth(position).innerText())?.[0];
          const found = await get<Page10<Account>>(page.request, session, `/api/admin/users?search=${encodeURIComponent(email ?? '')}`);
          picked.push(...found.data.data.filter((u) => u.email === email));
        }
        expect(picked).toHaveLength(2);
        for (const user of picked)
          await rowOf(page, user.email)
            .getByRole('checkbox', { name: bulkText(lng, 'selectRow', { name: user.name }) })
            .check();
        await expect(bar(page)).toContainText(bulkText(lng, 'selected', { what: what(lng, 'user', 2) }));
        await bar(page)
          .getByRole('button', { name: bulkText(lng, 'actions.deactivate') })
          .click();
        const dialog = page.getByRole('alertdialog', { name: bulkText(lng, 'confirm.deactivate', { what: what(lng, 'user', 2) }) });
        await expect(dialog).toContainText(bulkText(lng, 'deactivateNote'));
        await dialog.getByRole('button', { name: bulkText(lng, 'actions.deactivate') }).click();
        await expect(toast(page, bulkText(lng, 'done.deactivate', { what: what(lng, 'user', 2) }))).toBeVisible();
        for (const user of picked) {
          await expect(rowOf(page, user.email)).toHaveCount(0);
          const found = await get<Page10<Account>>(
            page.request,
            session,
            `/api/admin/users/deactivated?search=${encodeURIComponent(user.email)}`,
          );
          expect(found.data.data.map((u) => u.id)).toEqual([user.id]);
        }
      } finally {
        // Leave the demo data as it was for other tests.
        await page.request.post(`${baseURL}/api/admin/users/reactivate`, {
          headers: auth(session),
          data: { ids: picked.map((u) => u.id) },
        });
      }
    });

    test('deactivated users: all matching a search are reactivated, the dialog and the toast say how many', async ({ page }) => {
      const session = await sharedSession(page.request);
      const word = await sharedNameWord(page.request, session, lng);
      const deactivated = await page.request.post(`${baseURL}/api/admin/users/deactivate-all`, {
        headers: auth(session),
        data: { all: true, search: word },
      });
      expect(deactivated.status(), await deactivated.text()).toBe(200);
      const count = ((await deactivated.json()) as { data: { count: number } }).data.count;
      expect(count).toBeGreaterThan(10);
      try {
        await gotoAs(page, lng, `/dashboard/users/deactivated?search=${word}`, session);
        await expect(rows(page)).toHaveCount(10);
        await page.getByRole('checkbox', { name: appText(lng, 'common:selectAll') }).check();
        await bar(page)
          .getByRole('button', { name: bulkText(lng, 'selectAllMatching', { n: number(lng, count) }) })
          .click();
        await expect(bar(page)).toContainText(bulkText(lng, 'allMatchingSelected', { what: what(lng, 'account', count) }));
        // Every row shows as selected.
        for (const box of await rows(page).getByRole('checkbox').all()) await expect(box).toBeChecked();
        await bar(page)
          .getByRole('button', { name: bulkText(lng, 'actions.reactivate') })
          .click();
        const dialog = page.getByRole('alertdialog', { name: bulkText(lng, 'confirm.reactivate', { what: what(lng, 'account', count) }) });
        await dialog.getByRole('button', { name: bulkText(lng, 'actions.reactivate') }).click();
        await expect(toast(page, bulkText(lng, 'done.reactivate', { what: what(lng, 'account', count) }))).toBeVisible();
        await expect(page.getByText(appText(lng, 'users:emptyDeactivated'))).toBeVisible();
        await expect(bar(page)).toHaveCount(0);
        expect((await get<Page10<Account>>(page.request, session, `/api/admin/users?search=${word}`)).data.total).toBe(count);
      } finally {
        await page.request.post(`${baseURL}/api/admin/users/reactivate-all`, { headers: auth(session), data: { all: true, search: word } });
      }
    });
  });
});

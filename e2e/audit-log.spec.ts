import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL, languages, unique, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { settled } from './support/screens';
import { appText } from './support/app-text';

/** The screen's texts, read from the dashboard's bundles: the audit log is beyond the specification. */
const texts = {
  en: {
    nav: appText('en', 'nav:auditLog'),
    title: appText('en', 'audit-logs:title'),
    record: appText('en', 'audit-logs:record'),
    action: appText('en', 'audit-logs:action'),
    speciality: appText('en', 'audit-logs:entities.speciality'),
    updated: appText('en', 'audit-logs:actions.update'),
    viewChanges: appText('en', 'audit-logs:viewChanges'),
    before: appText('en', 'audit-logs:before'),
    after: appText('en', 'audit-logs:after'),
    close: appText('en', 'common:close'),
    from: appText('en', 'audit-logs:from'),
    to: appText('en', 'audit-logs:to'),
    perPage: appText('en', 'common:pagination.perPage'),
    day: appText('en', 'common:date.day'),
    month: appText('en', 'common:date.month'),
    year: appText('en', 'common:date.year'),
    clear: appText('en', 'common:clearFilters'),
    adminFilter: appText('en', 'audit-logs:adminFilter', { name: 'Admin' }),
    showEvery: appText('en', 'audit-logs:removeAdminFilter'),
    dialogTitle: (id: number) =>
      appText('en', 'audit-logs:diffTitle', {
        action: appText('en', 'audit-logs:actions.update'),
        record: appText('en', 'audit-logs:recordId', { entity: appText('en', 'audit-logs:entities.speciality'), id }),
      }),
    actionsFor: (name: string) => appText('en', 'common:rowActions', { name }),
    history: appText('en', 'audit-logs:history'),
    historyOf: (name: string) => appText('en', 'audit-logs:historyOf', { name }),
    statusChanged: appText('en', 'audit-logs:actions.status'),
  },
  ar: {
    nav: appText('ar', 'nav:auditLog'),
    title: appText('ar', 'audit-logs:title'),
    record: appText('ar', 'audit-logs:record'),
    action: appText('ar', 'audit-logs:action'),
    speciality: appText('ar', 'audit-logs:entities.speciality'),
    updated: appText('ar', 'audit-logs:actions.update'),
    viewChanges: appText('ar', 'audit-logs:viewChanges'),
    before: appText('ar', 'audit-logs:before'),
    after: appText('ar', 'audit-logs:after'),
    close: appText('ar', 'common:close'),
    from: appText('ar', 'audit-logs:from'),
    to: appText('ar', 'audit-logs:to'),
    perPage: appText('ar', 'common:pagination.perPage'),
    day: appText('ar', 'common:date.day'),
    month: appText('ar', 'common:date.month'),
    year: appText('ar', 'common:date.year'),
    clear: appText('ar', 'common:clearFilters'),
    adminFilter: appText('ar', 'audit-logs:adminFilter', { name: 'Admin' }),
    showEvery: appText('ar', 'audit-logs:removeAdminFilter'),
    dialogTitle: (id: number) =>
      appText('ar', 'audit-logs:diffTitle', {
        action: appText('ar', 'audit-logs:actions.update'),
        record: appText('ar', 'audit-logs:recordId', { entity: appText('ar', 'audit-logs:entities.speciality'), id }),
      }),
    actionsFor: (name: string) => appText('ar', 'common:rowActions', { name }),
    history: appText('ar', 'audit-logs:history'),
    historyOf: (name: string) => appText('ar', 'audit-logs:historyOf', { name }),
    statusChanged: appText('ar', 'audit-logs:actions.status'),
  },
} satisfies Record<Lng, Record<string, unknown>>;

async function changeSpeciality(request: APIRequestContext, session: Session) {
  const headers = { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
  const name = unique('Audited');
  const created = await request.post(`${baseURL}/api/admin/specialities/store`, {
    headers,
    data: { name_ar: `تخصص ${name}`, name_en: name },
  });
  expect(created.status()).toBe(201);
  const { id } = ((await created.json()) as { data: { id: number } }).data;
  const updated = await request.post(`${baseURL}/api/admin/specialities/update/${id}`, {
    headers,
    data: { name_ar: `تخصص ${name}`, name_en: `${name} renamed`, _method: 'PATCH' },
  });
  expect(updated.status()).toBe(200);
  return { id, name };
}

for (const lng of languages) {
  const t = texts[lng];

  test.describe(`audit log (${lng})`, () => {
    test('filters by record and action, opens the before/after of a change, narrows to an admin, and a day range', async ({ page }) => {
      const session = await sharedSession(page.request);
      const { id, name } = await changeSpeciality(page.request, session);
      await gotoAs(page, lng, '/dashboard/home', session);
      await page.getByRole('link', { name: t.nav }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/audit-log`);
      await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

      await page.getByLabel(t.record, { exact: true }).selectOption({ label: t.speciality });
      await page.getByLabel(t.action, { exact: true }).selectOption({ label: t.updated });
      await expect(page).toHaveURL(/entity=speciality/);
      await expect(page).toHaveURL(/action=update/);
      await settled(page);
      // Other tests change specialities at the same time: a page of 100 holds this one's row, found by its record.
      await page.getByLabel(t.perPage).selectOption('100');
      await expect(page).toHaveURL(/per_page=100/);
      await settled(page);
      const row = page
        .getByRole('table')
        .locator('tbody tr')
        .filter({ hasText: new RegExp(`(#|رقم )${id}(?!\\d)`) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(t.updated);
      await row.getByRole('button', { name: new RegExp(`${id}$`) }).click();

      const dialog = page.getByRole('dialog', { name: t.dialogTitle(id) });
      await expect(dialog).toBeVisible();
      // Changed fields come first and are marked; the English name is one of them, the Arabic name is not.
      const changed = dialog.locator('tr[data-changed]').filter({ hasText: 'name_en' });
      await expect(changed).toHaveCount(1);
      await expect(dialog.locator('tr[data-changed]').filter({ hasText: 'name_ar' })).toHaveCount(0);
      await expect(changed.locator('td').nth(0)).toHaveText(name);
      await expect(changed.locator('td').nth(1)).toHaveText(`${name} renamed`);
      await dialog.getByRole('button', { name: t.close }).click();
      await expect(dialog).toHaveCount(0);

      // The admin's name narrows the log to that admin.
      await row.getByRole('button', { name: 'Admin' }).click();
      await expect(page).toHaveURL(/actor_id=\d+/);
      await expect(page.getByText(t.adminFilter)).toBeVisible();
      await page.getByRole('button', { name: t.showEvery }).click();
      await expect(page).not.toHaveURL(/actor_id=/);

      // A day range that ends before anything was recorded: nothing, and a way back. (A range after "today" would
      // depend on the clock: the days are the platform's, Cairo's, not the machine's.)
      const to = page.getByRole('group', { name: t.to, exact: true });
      await to.getByLabel(t.year).selectOption('2020');
      await to.getByLabel(t.month).selectOption('1');
      await to.getByLabel(t.day).selectOption('1');
      await expect(page).toHaveURL(/to=2020-01-01/);
      await page.getByRole('button', { name: t.clear }).click();
      await expect(page).not.toHaveURL(/to=|entity=|action=/);
      await expect(page.getByRole('table').locator('tbody tr').first()).toBeVisible();
    });

    test("a doctor's row opens its history: the status change with its before and after", async ({ page }) => {
      const session = await sharedSession(page.request);
      const headers = { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
      const doctors = await page.request.get(`${baseURL}/api/admin/providers/doctors?status=pending&per_page=1`, { headers });
      const doctor = ((await doctors.json()) as { data: { data: { id: number; name_en: string; name_ar: string }[] } }).data.data[0]!;
      const changed = await page.request.patch(`${baseURL}/api/admin/providers/status/${doctor.id}`, {
        headers,
        data: { status: 'onHold', missing_documents: ['license'] },
      });
      expect(changed.status()).toBe(200);
      const name = lng === 'ar' ? doctor.name_ar : doctor.name_en;
      await gotoAs(page, lng, `/dashboard/doctors?search=${encodeURIComponent(doctor.name_en)}`, session);
      await settled(page);
      await page.getByRole('button', { name: t.actionsFor(name) }).click();
      await page.getByRole('menuitem', { name: t.history }).click();
      const dialog = page.getByRole('dialog', { name: t.historyOf(name) });
      const entry = dialog.locator('tbody tr').filter({ hasText: t.statusChanged }).first();
      await expect(entry).toBeVisible();
      await entry.getByRole('button').click();
      const status = dialog.locator('[data-audit-diff] tr[data-changed]').filter({ hasText: 'status' });
      await expect(status.locator('td').nth(0)).toHaveText('pending');
      await expect(status.locator('td').nth(1)).toHaveText('onHold');
    });
  });
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { baseURL, languages, unique, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { settled } from './support/screens';
import { audit } from './support/axe';
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
    dialogTitle: (name: string) =>
      appText('en', 'audit-logs:diffTitle', {
        action: appText('en', 'audit-logs:actions.update'),
        record: appText('en', 'audit-logs:recordNamed', { entity: appText('en', 'audit-logs:entities.speciality'), name }),
      }),
    nameEn: appText('en', 'audit-logs:fields.name_en'),
    nameAr: appText('en', 'audit-logs:fields.name_ar'),
    statusField: appText('en', 'audit-logs:fields.status'),
    pending: appText('en', 'audit-logs:values.status.pending'),
    onHold: appText('en', 'audit-logs:values.status.onHold'),
    rejectedStatus: appText('en', 'audit-logs:values.status.rejected'),
    rejected: appText('en', 'audit-logs:actions.reject'),
    search: appText('en', 'audit-logs:searchPlaceholder'),
    doctor: appText('en', 'audit-logs:entities.provider'),
    actionsFor: (name: string) => appText('en', 'common:rowActions', { name }),
    history: appText('en', 'audit-logs:history'),
    historyOf: (name: string) => appText('en', 'audit-logs:historyOf', { name }),
    heldBack: appText('en', 'audit-logs:actions.hold'),
    recordById: (id: number) => appText('en', 'audit-logs:recordId', { entity: appText('en', 'audit-logs:entities.speciality'), id }),
    empty: appText('en', 'audit-logs:empty'),
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
    dialogTitle: (name: string) =>
      appText('ar', 'audit-logs:diffTitle', {
        action: appText('ar', 'audit-logs:actions.update'),
        record: appText('ar', 'audit-logs:recordNamed', { entity: appText('ar', 'audit-logs:entities.speciality'), name }),
      }),
    nameEn: appText('ar', 'audit-logs:fields.name_en'),
    nameAr: appText('ar', 'audit-logs:fields.name_ar'),
    statusField: appText('ar', 'audit-logs:fields.status'),
    pending: appText('ar', 'audit-logs:values.status.pending'),
    onHold: appText('ar', 'audit-logs:values.status.onHold'),
    rejectedStatus: appText('ar', 'audit-logs:values.status.rejected'),
    rejected: appText('ar', 'audit-logs:actions.reject'),
    search: appText('ar', 'audit-logs:searchPlaceholder'),
    doctor: appText('ar', 'audit-logs:entities.provider'),
    actionsFor: (name: string) => appText('ar', 'common:rowActions', { name }),
    history: appText('ar', 'audit-logs:history'),
    historyOf: (name: string) => appText('ar', 'audit-logs:historyOf', { name }),
    heldBack: appText('ar', 'audit-logs:actions.hold'),
    recordById: (id: number) => appText('ar', 'audit-logs:recordId', { entity: appText('ar', 'audit-logs:entities.speciality'), id }),
    empty: appText('ar', 'audit-logs:empty'),
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
      // One filter in the URL before the next: two changes in the same tick can each start from the same URL.
      await expect(page).toHaveURL(/entity=speciality/);
      await page.getByLabel(t.action, { exact: true }).selectOption({ label: t.updated });
      await expect(page).toHaveURL(/action=update/);
      await settled(page);
      // Other tests change specialities at the same time: a page of 100 holds this one's row, found by its record.
      await page.getByLabel(t.perPage).selectOption('100');
      await expect(page).toHaveURL(/per_page=100/);
      await settled(page);
      // The row names the speciality as it is now (its name in the page's language), not "Speciality #id".
      const current = lng === 'ar' ? `تخصص ${name}` : `${name} renamed`;
      const row = page.getByRole('table').locator('tbody tr').filter({ hasText: name });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(t.updated);
      await expect(row.locator('[data-record-name] bdi')).toHaveText(current);
      // Not "Speciality #id": the label itself, since the row's name and time may hold the id's digits.
      await expect(row).not.toContainText(t.recordById(id));
      await row.getByRole('button', { name: new RegExp(`${name}`) }).click();

      const dialog = page.getByRole('dialog', { name: t.dialogTitle(current) });
      await expect(dialog).toBeVisible();
      // Changed fields come first and are marked, named in the page's language; the English name is one, the Arabic not.
      const changed = dialog.locator('tr[data-changed]').filter({ hasText: t.nameEn });
      await expect(changed).toHaveCount(1);
      await expect(dialog.locator('tr[data-changed]').filter({ hasText: t.nameAr })).toHaveCount(0);
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
      await expect(page.getByText(t.empty)).toBeVisible();
      await expect(page.getByRole('table').locator('tbody tr').filter({ hasText: name })).toHaveCount(0);
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
      // The hold is named as the admin took it, its status in the screens' words, not the stored codes.
      const entry = dialog.locator('tbody tr').filter({ hasText: t.heldBack }).first();
      await expect(entry).toBeVisible();
      await entry.getByRole('button').click();
      const status = dialog.locator('[data-audit-diff] tr[data-changed]').filter({ hasText: t.statusField });
      await expect(status.locator('td').nth(0)).toHaveText(t.pending);
      await expect(status.locator('td').nth(1)).toHaveText(t.onHold);
    });
  });
}

/** Arabic words of the element's text that the layout split across lines (each word's box on more than one line). */
function splitArabicWords(element: Element): string[] {
  const split: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    for (const match of text.matchAll(/[\u0600-\u06FF]+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      );
      if (lines.size > 1) split.push(match[0]);
    }
  }
  return split;
}

test('a rejection is found by "Rejected" and by the provider\'s name, named in each language; on a phone its Arabic reasons wrap between words', async ({
  page,
}) => {
  // Two languages, two widths, four axe runs in one visit each.
  test.setTimeout(180_000);
  const session = await sharedSession(page.request);
  const headers = { Authorization: `Bearer ${session.token}`, Accept: 'application/json' };
  // A pending medical center: the pending doctors are the providers and audit-log specs' (parallel workers share the demo).
  const doctors = await page.request.get(`${baseURL}/api/admin/providers/medical-centers?status=pending&per_page=1`, { headers });
  const doctor = ((await doctors.json()) as { data: { data: { id: number; name_en: string; name_ar: string }[] } }).data.data[0]!;
  // Stored as a status change (the filter must still find it); a long Arabic note that a phone has to wrap.
  const note = 'المستندات المرفوعة غير واضحة، ويُرجى إعادة رفع صورة الترخيص ساري المفعول وبطاقة النقابة بدقة أعلى حتى نتمكن من مراجعتها';
  const rejected = await page.request.patch(`${baseURL}/api/admin/providers/status/${doctor.id}`, {
    headers,
    data: { status: 'rejected', reason_codes: ['other'], reason_note: note },
  });
  expect(rejected.status()).toBe(200);

  for (const lng of languages) {
    const t = texts[lng];
    const name = lng === 'ar' ? doctor.name_ar : doctor.name_en;
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoAs(page, lng, '/dashboard/audit-log', session);
    await page.getByLabel(t.action, { exact: true }).selectOption({ label: t.rejected });
    await page.getByPlaceholder(t.search).fill(name);
    await expect(page).toHaveURL(/action=reject/);
    await expect(page).toHaveURL(/search=/);
    await settled(page);
    const row = page.getByRole('table').locator('tbody tr');
    await expect(row).toHaveCount(1);
    await expect(row.locator('[data-record-name]')).toHaveText(`${name}${t.doctor}`);
    await expect(row).toContainText(t.rejected);
    await audit(page, `audit log, rejected, ${lng}, 1280`);

    await page.setViewportSize({ width: 390, height: 844 });
    await row.getByRole('button', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const status = dialog.locator('[data-audit-diff] tr[data-changed]').filter({ hasText: t.statusField });
    await expect(status.locator('td').nth(1)).toHaveText(t.rejectedStatus);
    const reasons = dialog.locator('[data-audit-diff] tr').filter({ hasText: note });
    await expect(reasons).toHaveCount(1);
    // The note wraps on the phone (several lines), but never inside a word.
    const box = (await reasons.locator('td').nth(1).boundingBox())!;
    expect(box.height).toBeGreaterThan(60);
    expect(await dialog.evaluate(splitArabicWords)).toEqual([]);
    await audit(page, `audit log, rejection, ${lng}, 390`);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  }
});

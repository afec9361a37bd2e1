import { expect, test, type Locator, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';
import { settled } from './support/screens';
import { listProviders, type ProviderRow } from './support/providers';
import { audit } from './support/axe';
import { rowAction } from './support/row-menu';

/**
 * Issue 29, "Defects the walk found": toasts that name their record, sit under the header, follow the theme and offer
 * Undo; "Deactivate all" away from Export behind a typed count; each provider page's deactivated link; the phone.
 */

const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 900 };
const auth = (session: Session) => ({ Authorization: `Bearer ${session.token}`, Accept: 'application/json' });
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });
const rowOf = (page: Page, text: string) => page.getByRole('table').locator('tbody tr').filter({ hasText: text });
const nameIn = (lng: Lng, provider: ProviderRow) => (lng === 'ar' ? provider.name_ar : provider.name_en);
const digits = (lng: Lng, n: number) => new Intl.NumberFormat(lng === 'ar' ? 'ar-EG' : 'en-US', { useGrouping: false }).format(n);
const undoneMessage = { en: 'Decision undone', ar: 'تم التراجع عن القرار' } as const;

/** The box of a locator; fails the test when it is not on screen. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, 'on screen').not.toBeNull();
  return found!;
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast once it has come to rest (it slides in): two reads a frame apart agree. */
async function restingBox(page: Page, shown: Locator) {
  let last = await box(shown);
  await expect
    .poll(async () => {
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      const next = await box(shown);
      const still = Math.abs(next.x - last.x) < 0.5 && Math.abs(next.y - last.y) < 0.5;
      last = next;
      return still;
    })
    .toBe(true);
  return last;
}

test.describe('feedback (issue 29)', () => {
  test('a decision and a deactivation: the toast names the doctor, sits under the header in both themes, and Undo takes it back', async ({
    page,
  }) => {
    const session = await sharedSession(page.request);
    const approved = await listProviders(page.request, session, 'doctors', { status: 'approved' });
    expect(approved.length, 'approved demo doctors').toBeGreaterThanOrEqual(8);
    const cases = [
      { lng: 'en', viewport: desktop, theme: 'light', doctor: approved[4]!, spare: approved[6]! },
      { lng: 'ar', viewport: phone, theme: 'dark', doctor: approved[5]!, spare: approved[7]! },
    ] as const;
    for (const { lng, viewport, theme, doctor, spare } of cases) {
      // Parked on hold through the API, so that this admin's Accept below is a decision Undo can take back to "on hold".
      const held = await page.request.patch(`${baseURL}/api/admin/providers/status/${doctor.id}`, {
        headers: auth(session),
        data: { status: 'onHold', missing_documents: ['license'] },
      });
      expect(held.status()).toBe(200);
      await page.setViewportSize(viewport);
      await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme);
      await gotoAs(page, lng, `/dashboard/doctors?search=${encodeURIComponent(doctor.email)}`, session);
      await settled(page);
      const row = rowOf(page, doctor.email);
      const accept = row.getByRole('button', { name: new RegExp(`^${appText(lng, 'providers:transition.approved')}`) });
      await accept.click();
      await page
        .getByRole('alertdialog', { name: appText(lng, 'providers:decision.title.account.approved') })
        .getByRole('button', { name: appText(lng, 'providers:decision.confirm.approved') })
        .click();

      const decided = toast(page, appText(lng, 'providers:decided.approved', { name: nameIn(lng, doctor) }));
      await expect(decided).toBeVisible();
      // The pointer on the toast holds its 5 s (as it would for a person reaching for Undo) while it is measured.
      await decided.hover();
      // Under the header: none of its controls (search, language, account) is covered.
      const shown = await restingBox(page, decided);
      const header = await box(page.locator('header').first());
      expect(shown.y, `${lng}: the toast starts under the header`).toBeGreaterThanOrEqual(header.y + header.height);
      for (const control of await page.locator('header').first().getByRole('button').all())
        if (await control.isVisible()) expect(overlaps(shown, await box(control)), `${lng}: a header control is covered`).toBe(false);
      expect(shown.x).toBeGreaterThanOrEqual(0);
      expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width + 1);
      // The toast follows the theme: a dark surface with light text in dark mode, white with dark text in light.
      const colours = await decided.evaluate((element) => {
        const style = getComputedStyle(element);
        const luminance = (rgb: string) => {
          const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
          return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255;
        };
        return { background: luminance(style.backgroundColor), text: luminance(style.color) };
      });
      if (theme === 'dark') expect(colours.background).toBeLessThan(0.25);
      else expect(colours.background).toBeGreaterThan(0.9);
      expect(Math.abs(colours.background - colours.text), `${lng}: text stands out from the toast`).toBeGreaterThan(0.5);
      await audit(page, `${lng} ${theme} decision toast`);

      // Undo within the toast's 5 s: back on hold, through the API; the audit log keeps the decision and its undo.
      await decided.getByRole('button', { name: appText(lng, 'common:undo') }).click();
      await expect(toast(page, undoneMessage[lng])).toBeVisible();
      await expect(row).toContainText(appText(lng, 'providers:status.onHold'));
      const after = (await listProviders(page.request, session, 'doctors', { search: doctor.email })).find((p) => p.id === doctor.id);
      expect(after?.status).toBe('onHold');
      const history = await page.request.get(`${baseURL}/api/admin/audit-logs/provider/${doctor.id}`, { headers: auth(session) });
      const actions = ((await history.json()) as { data: { data: { action: string }[] } }).data.data.map((entry) => entry.action);
      expect(actions.slice(0, 2)).toEqual(['undo', 'status']);

      // A deactivation: named, and Undo reactivates the account (the doctor is listed again).
      await gotoAs(page, lng, `/dashboard/doctors?search=${encodeURIComponent(spare.email)}`, session);
      await settled(page);
      await (await rowAction(rowOf(page, spare.email), appText(lng, 'providers:deactivate'))).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: appText(lng, 'common:confirmDialog.deactivateConfirm') })
        .click();
      const deactivated = toast(page, appText(lng, 'providers:deactivatedNamed', { name: nameIn(lng, spare) }));
      await expect(deactivated).toBeVisible();
      await deactivated.hover();
      await expect(rowOf(page, spare.email)).toHaveCount(0);
      await deactivated.getByRole('button', { name: appText(lng, 'common:undo') }).click();
      await expect(rowOf(page, spare.email)).toHaveCount(1);
    }
  });

  for (const lng of languages) {
    test(`${lng}: "Deactivate all" is under the list, away from Export, and asks for the count; the link opens deactivated doctors`, async ({
      page,
    }) => {
      const session = await sharedSession(page.request);
      // One deactivated doctor at least, for the narrowed list below.
      const doctor = (await listProviders(page.request, session, 'doctors', { status: 'approved' }))[lng === 'en' ? 8 : 9]!;
      expect((await page.request.post(`${baseURL}/api/admin/providers/deactivate/${doctor.id}`, { headers: auth(session) })).status()).toBe(
        200,
      );

      await page.setViewportSize(desktop);
      await gotoAs(page, lng, '/dashboard/doctors', session);
      await settled(page);
      // Another doctor, to show that backing out deactivates nobody (the list's total moves with parallel tests).
      const kept = (await listProviders(page.request, session, 'doctors', { status: 'approved' }))[lng === 'en' ? 10 : 11]!;
      const deactivateAll = page.getByRole('button', { name: appText(lng, 'providers:kinds.doctors.deactivateAll') });
      const exportButton = page.locator('[data-export]');
      const table = await box(page.getByRole('table'));
      const all = await box(deactivateAll);
      expect(all.y, 'under the list').toBeGreaterThan(table.y + table.height);
      expect(all.y - (await box(exportButton)).y).toBeGreaterThan(200);
      expect(await deactivateAll.evaluate((element) => element.classList.contains('btn-danger'))).toBe(false);

      await deactivateAll.click();
      const dialog = page.getByRole('alertdialog', { name: appText(lng, 'providers:kinds.doctors.deactivateAll') });
      const typed = dialog.getByRole('textbox');
      // The count the dialog asks for is the list's total when it was read (other tests add doctors meanwhile).
      await expect(typed).toBeVisible();
      const label = (await dialog.locator('label[for]').innerText()).trim();
      const total = Number(label.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))).replace(/\D/g, ''));
      expect(label).toBe(appText(lng, 'common:typeCount', { n: new Intl.NumberFormat(lng === 'ar' ? 'ar-EG' : 'en-US').format(total) }));
      const confirm = dialog.getByRole('button', { name: appText(lng, 'common:confirmDialog.deactivateConfirm') });
      await expect(typed).toBeVisible();
      await expect(confirm).toBeDisabled();
      await typed.fill(digits(lng, total + 1));
      await expect(confirm).toBeDisabled();
      // The count in the page's digits (Arabic-Indic in Arabic) is accepted; Western digits too.
      await typed.fill(digits(lng, total));
      await expect(confirm).toBeEnabled();
      await typed.fill(String(total));
      await expect(confirm).toBeEnabled();
      await audit(page, `${lng} deactivate-all dialog`);
      await dialog.getByRole('button', { name: appText(lng, 'common:confirmDialog.cancel') }).click();
      await expect(dialog).toBeHidden();
      expect((await listProviders(page.request, session, 'doctors', { status: 'approved' })).map((row) => row.id)).toContain(kept.id);

      // The doctors' link opens the deactivated doctors only, titled so; the pharmacies' is named for pharmacies.
      await page.getByRole('link', { name: appText(lng, 'users:deactivatedOf.doctor') }).click();
      await expect(page).toHaveURL(`/${lng}/dashboard/users/deactivated?role=doctor`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(appText(lng, 'users:deactivatedOf.doctor'));
      await settled(page);
      await page.getByRole('searchbox').fill(doctor.email);
      await expect(rowOf(page, doctor.email)).toHaveCount(1);
      await page.getByRole('searchbox').fill('');
      await settled(page);
      const roles = await page.getByRole('table').locator('tbody tr td[data-column="role"]').allInnerTexts();
      expect(roles.length).toBeGreaterThan(0);
      expect(new Set(roles.map((text) => text.trim()))).toEqual(new Set([appText(lng, 'users:roles.doctor')]));
      await gotoAs(page, lng, '/dashboard/pharmacies', session);
      await expect(page.getByRole('link', { name: appText(lng, 'users:deactivatedOf.pharmacy') })).toHaveAttribute(
        'href',
        `/${lng}/dashboard/users/deactivated?role=pharmacy`,
      );
    });

    test(`${lng}: on a phone, cards select in bulk, decisions are 44 px targets, the Export menu fits and long values wrap`, async ({
      page,
    }) => {
      await page.setViewportSize(phone);
      await gotoAs(page, lng, '/dashboard/doctors');
      await settled(page);
      const cards = page.getByRole('table').locator('tbody tr');
      await expect(cards.first()).toBeVisible();

      // Each card's checkbox is visible; "select all on this page" leads to "select all matching".
      const first = await box(cards.first().getByRole('checkbox'));
      expect(first.width).toBeGreaterThanOrEqual(20);
      expect(first.x).toBeGreaterThanOrEqual(0);
      expect(first.x + first.width).toBeLessThanOrEqual(phone.width);
      const selectPage = page.getByRole('checkbox', { name: appText(lng, 'common:selectPage') });
      await selectPage.check();
      const matching = page.locator('[data-select-all-matching]');
      await expect(matching).toBeVisible();
      const total = await matching.evaluate((element) => element.textContent ?? '');
      await matching.click();
      await expect(matching).toBeHidden();
      // "All N doctors matching the list are selected": the count of the "select all N matching" button.
      await expect(page.locator('[data-bulk-count]')).toContainText(total.match(/[\d٠-٩,٬]+/)![0]);
      await page
        .getByRole('toolbar')
        .getByRole('button', { name: appText(lng, 'bulk:clear') })
        .click();

      // Accept, Reject and Hold: at least 44 × 44 px each.
      const decisions = page.getByRole('table').getByRole('button', {
        name: new RegExp(`^(${['approved', 'rejected', 'onHold'].map((s) => appText(lng, `providers:transition.${s}`)).join('|')}):`),
      });
      expect(await decisions.count()).toBeGreaterThan(0);
      for (const button of (await decisions.all()).slice(0, 6)) {
        const target = await box(button);
        expect(target.width, 'touch target width').toBeGreaterThanOrEqual(44);
        expect(target.height, 'touch target height').toBeGreaterThanOrEqual(44);
      }

      // Long values wrap inside their card: no value is cut or runs past its cell.
      const clipped = await cards.evaluateAll((rows) =>
        rows.flatMap((row) =>
          Array.from(row.querySelectorAll('td')).flatMap((cell) => {
            const edge = cell.getBoundingClientRect();
            return Array.from(cell.querySelectorAll('span, a, time, div'))
              .filter((element) => {
                const rect = element.getBoundingClientRect();
                if (rect.width === 0) return false;
                return element.scrollWidth > element.clientWidth + 1 || rect.left < edge.left - 1 || rect.right > edge.right + 1;
              })
              .map((element) => element.textContent?.slice(0, 40));
          }),
        ),
      );
      expect(clipped).toEqual([]);

      // The Export menu opens inside the screen.
      await page.locator('[data-export]').click();
      const menu = await box(page.getByRole('menu', { name: appText(lng, 'common:export.button') }));
      expect(menu.x).toBeGreaterThanOrEqual(0);
      expect(menu.x + menu.width).toBeLessThanOrEqual(phone.width);
      await audit(page, `${lng} doctors on a phone with the Export menu open`);
    });
  }
});

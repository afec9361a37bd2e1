import { axeBuilder } from './support/axe';
import { expect, test, type Page } from '@playwright/test';
import { languages, type Lng } from './support/env';
import { gotoAs, sharedSession } from './support/session';
import { appText } from './support/app-text';
import { listProviders } from './support/providers';

/**
 * Issue 26: a provider's rejection says why. The row's Reject and the bulk Reject open a dialog of reasons
 * (the labels the provider's SMS/email quotes) and a note, in English and in Arabic (RTL), keyboard and axe
 * clean; the decision then shows in the list.
 */

const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });
const toast = (page: Page, text: string) => page.locator('.Toastify__toast').filter({ hasText: text });

async function axe(page: Page, label: string) {
  const results = await axeBuilder(page).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `${label}: axe violations`,
  ).toEqual([]);
}

/** Each language decides on its own kind (its API slug and its screen), so that the two runs never take the same provider. */
const kindOf = {
  en: { slug: 'companies', screen: '/dashboard/company' },
  ar: { slug: 'medical-centers', screen: '/dashboard/medical-center' },
} as const satisfies Record<Lng, { slug: string; screen: string }>;

for (const lng of languages) {
  test.describe(`decision reasons (${lng})`, () => {
    const { slug, screen } = kindOf[lng];
    const text = (key: string, values: Record<string, string | number> = {}) => appText(lng, key, values);

    test('rejects a pending provider with a reason and a note through the dialog', async ({ page }) => {
      const session = await sharedSession(page.request);
      const pending = (await listProviders(page.request, session, slug, { status: 'pending' }))[0];
      expect(pending, `a pending provider in ${slug}`).toBeDefined();
      await gotoAs(page, lng, `${screen}?search=${encodeURIComponent(pending!.email)}`, session);
      await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
      const row = rowOf(page, pending!.email);
      await row.getByRole('button', { name: new RegExp(`^${text('providers:transition.rejected')}`) }).click();

      const dialog = page.getByRole('dialog', { name: text('providers:decision.title.account.rejected') });
      await expect(dialog).toContainText(pending!.email);
      // The keyboard starts on the first reason; confirming with nothing chosen says what is missing, sends nothing.
      const first = dialog.getByRole('checkbox', { name: text('providers:reasons.documents_unreadable') });
      await expect(first).toBeFocused();
      await dialog.getByRole('button', { name: text('providers:decision.confirm.rejected') }).click();
      await expect(dialog.getByRole('alert')).toHaveText(text('validation:decisionReasonRequired'));
      await axe(page, `${lng} reject dialog with its error`);

      // The keyboard is taken back to the reasons: Space checks the focused one.
      await expect(first).toBeFocused();
      await page.keyboard.press('Space');
      await expect(first).toBeChecked();
      await dialog.getByRole('checkbox', { name: text('providers:reasons.license_expired') }).check();
      await dialog.getByRole('textbox').fill(lng === 'ar' ? 'يرجى إرسال ترخيص ساري.' : 'Please send a valid license.');
      await dialog.getByRole('button', { name: text('providers:decision.confirm.rejected') }).click();
      await expect(
        toast(page, text('providers:decided.rejected', { name: lng === 'ar' ? pending!.name_ar : pending!.name_en })),
      ).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText(text('providers:status.rejected'));
      const after = (await listProviders(page.request, session, slug, { search: pending!.email })).find((p) => p.id === pending!.id);
      expect(after?.status).toBe('rejected');
    });

    test('rejects the selected providers in bulk with a reason through the dialog', async ({ page }) => {
      const session = await sharedSession(page.request);
      const held = (await listProviders(page.request, session, slug, { status: 'onHold' }))[0];
      expect(held, `a provider on hold in ${slug}`).toBeDefined();
      await gotoAs(page, lng, `${screen}?search=${encodeURIComponent(held!.email)}`, session);
      await expect(rows(page)).toHaveCount(1);
      await rows(page).first().getByRole('checkbox').check();
      await page.locator('[data-bulk-action="reject"]').click();

      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('checkbox', { name: text('providers:reasons.name_mismatch') })).toBeVisible();
      await dialog.getByRole('checkbox', { name: text('providers:reasons.other') }).check();
      await dialog.getByRole('button', { name: text('bulk:actions.reject') }).click();
      // "Other" needs the note: said in the dialog, nothing sent.
      await expect(dialog.getByRole('alert')).toHaveText(text('validation:decisionOtherNeedsNote'));
      await axe(page, `${lng} bulk reject dialog with its error`);
      await dialog.getByRole('textbox').fill(lng === 'ar' ? 'العنوان غير موجود.' : 'The address does not exist.');
      await dialog.getByRole('button', { name: text('bulk:actions.reject') }).click();
      await expect(dialog).toBeHidden();
      await expect(rows(page).first()).toContainText(text('providers:status.rejected'));
      const after = (await listProviders(page.request, session, slug, { search: held!.email })).find((p) => p.id === held!.id);
      expect(after?.status).toBe('rejected');
    });
  });
}

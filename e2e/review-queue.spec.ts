import { expect, test, type Page } from '@playwright/test';
import { baseURL, languages, type Lng } from './support/env';
import { gotoAs, sharedSession, type Session } from './support/session';
import { appText } from './support/app-text';
import { audit } from './support/axe';
import { settled } from './support/screens';
import { reviewQueueMessages } from '@sehha/contract/review-queue';

/**
 * Issue 29: the review queue. One waiting record at a time, oldest first, beside its documents; decided with the
 * keyboard (A, R, H; J/K to move) or the buttons, the next record opening after each decision; in English and
 * Arabic, at 1280 px and on a 390 px phone, axe clean.
 */

/** Each language works its own queue, so that the two runs (and the other specs' pending doctors and companies) never meet. */
const kindOf = { en: 'hospitals', ar: 'pharmacies' } as const satisfies Record<Lng, string>;

// The desktop and the phone test work the same queues as the same admin (whose claims are one): one after the other, in
// one worker. Side by side, the phone's hold landed on the record the desktop test had open (CI).
test.describe.configure({ mode: 'default' });

const shownRecord = (page: Page) => page.locator('[data-review-record]');
const toast = (page: Page) => page.locator('.Toastify__toast');

async function statusOf(page: Page, session: Session, id: number) {
  const response = await page.request.get(`${baseURL}/api/admin/providers/show/${id}`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
  });
  return ((await response.json()) as { data: { status: string } }).data.status;
}

const recordId = async (page: Page) => Number((await shownRecord(page).getAttribute('data-review-record'))!.split(':')[1]);

test('the queue at 1280 px: oldest first, J/K move, A accepts and opens the next record (en, ar)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const session = await sharedSession(page.request);
  for (const lng of languages) {
    const text = (key: string, values: Record<string, string | number> = {}) => appText(lng, key, values);
    await gotoAs(page, lng, '/dashboard/review', session);
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('dir', lng === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: text('review-queue:title') })).toBeVisible();
    // The sidebar leads here too.
    await expect(page.getByRole('navigation').getByRole('link', { name: text('nav:review') })).toBeVisible();

    await page.locator(`[data-review-kind="${kindOf[lng]}"]`).click();
    await expect(page.locator(`[data-review-kind="${kindOf[lng]}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(shownRecord(page)).toBeVisible();
    // Counts in the page's digits: Arabic-Indic in Arabic.
    await expect(page.locator(`[data-review-kind="${kindOf[lng]}"] [data-review-count]`)).toHaveText(
      lng === 'ar' ? /^[٠-٩]+$/ : /^[0-9]+$/,
    );
    await expect(page.getByRole('heading', { name: text('review-queue:documents') })).toBeVisible();
    await expect(page.getByText(text('review-queue:fields.email'))).toBeVisible();
    await audit(page, `${lng} review queue at 1280 px`);

    const first = await recordId(page);
    // J: the next waiting record (younger); K: back to the first.
    // A key is taken once the record is the admin's (its buttons enabled), as a click is: one pressed while the queue
    // is still moving is dropped, so wait as an admin would see it.
    const ready = () => expect(page.locator('[data-review-action="reject"]')).toBeEnabled();
    await ready();
    await page.keyboard.press('j');
    await expect.poll(() => recordId(page)).not.toBe(first);
    const second = await recordId(page);
    await ready();
    await page.keyboard.press('k');
    await expect.poll(() => recordId(page)).toBe(first);
    await ready();

    // R asks why (the providers' reason dialog); Escape leaves the record as it was.
    await page.keyboard.press('r');
    const dialog = page.getByRole('dialog', { name: text('providers:decision.title.account.rejected') });
    await expect(dialog).toBeVisible();
    // Typing in the dialog's note is not a shortcut.
    await dialog.getByRole('textbox').fill('a j k');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await statusOf(page, session, first)).toBe('pending');

    // A accepts; the toast names the record, and the next one opens without going back to a list.
    await page.keyboard.press('a');
    await expect(toast(page).filter({ hasText: reviewQueueMessages.accepted[lng] })).toBeVisible();
    await expect.poll(() => recordId(page)).toBe(second);
    expect(await statusOf(page, session, first)).toBe('approved');
  }
});

test('the queue on a 390 px phone: buttons decide, a hold asks what is missing, nothing overflows; the empty state (en, ar)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await sharedSession(page.request);
  for (const lng of languages) {
    const text = (key: string, values: Record<string, string | number> = {}) => appText(lng, key, values);
    await gotoAs(page, lng, '/dashboard/review', session);
    await settled(page);
    await page.locator(`[data-review-kind="${kindOf[lng]}"]`).click();
    await expect(shownRecord(page)).toBeVisible();
    const held = await recordId(page);

    const hold = page.locator('[data-review-action="hold"]');
    const box = await hold.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await audit(page, `${lng} review queue at 390 px`);

    await hold.click();
    const dialog = page.getByRole('dialog', { name: text('providers:decision.title.account.onHold') });
    await dialog.getByRole('checkbox', { name: text('providers:documents.tax_card') }).check();
    await dialog.getByRole('button', { name: text('providers:decision.confirm.onHold') }).click();
    await expect(dialog).toBeHidden();
    // The next record opens, or the empty state when the held one was the last of its kind (other specs decide the
    // demo's pending pharmacies too).
    // Read without waiting: a record that goes away between the two reads must not hold the poll until its timeout (CI).
    const shownNow = async () =>
      (await page.locator('[data-review-empty]').count()) > 0 ||
      Number(
        (
          await shownRecord(page)
            .getAttribute('data-review-record', { timeout: 500 })
            .catch(() => null)
        )?.split(':')[1] ?? held,
      ) !== held;
    await expect.poll(shownNow).toBe(true);
    expect(await statusOf(page, session, held)).toBe('onHold');

    // Nothing waiting: said plainly.
    await page.route('**/api/admin/review-queue/next', (route) => route.fulfill({ json: { data: null } }));
    await page.reload();
    await expect(page.locator('[data-review-empty]')).toContainText(text('review-queue:empty'));
    await page.unroute('**/api/admin/review-queue/next');
  }
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL, languages, unique, type Lng } from './support/env';
import { gotoAs, type Session } from './support/session';
import { appText } from './support/app-text';
import { audit } from './support/axe';
import { rowAction } from './support/row-menu';
import { rows, settled, toast } from './support/resources';

const t = (lng: Lng, key: string, values?: Record<string, string | number>) => appText(lng, `data-requests:${key}`, values);
type Account = { id: number; name: string };

/** Three app accounts of the demo data for this language's test (another language's test takes others). */
async function people(request: APIRequestContext, session: Session, lng: Lng): Promise<[Account, Account, Account]> {
  const response = await request.get(`${baseURL}/api/admin/users?per_page=100&page=2`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
  });
  expect(response.status()).toBe(200);
  const accounts = ((await response.json()) as { data: { data: Account[] } }).data.data;
  const offset = lng === 'en' ? 10 : 20;
  const picked = accounts.slice(offset, offset + 3);
  expect(picked).toHaveLength(3);
  return picked as [Account, Account, Account];
}

/** A request recorded through the API (the other channel's side of the screen). */
async function recordByApi(request: APIRequestContext, session: Session, body: Record<string, string | number>) {
  const response = await request.post(`${baseURL}/api/admin/data-requests/store`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    data: body,
  });
  expect([200, 201], await response.text()).toContain(response.status());
}

const forPerson = (page: Page, lng: Lng, account: Account) => page.goto(`/${lng}/dashboard/data-requests?user_id=${account.id}`);

for (const lng of languages) {
  test.describe(`data requests (${lng})`, () => {
    test('record a request by phone, reject it, run an access request, and guard an erasure, at 1280 and 390 px', async ({ page }) => {
      test.setTimeout(150_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      const session = await gotoAs(page, lng, '/dashboard/data-requests');
      const [byPhone, byEmail, byLetter] = await people(page.request, session, lng);
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'title') })).toBeVisible();
      await settled(page);
      await audit(page, `${lng} data requests`);

      // Record a correction asked for by phone.
      const note = unique('Called the help line');
      await page.getByRole('button', { name: t(lng, 'recordButton') }).click();
      const form = page.getByRole('dialog', { name: t(lng, 'recordTitle') });
      await form.getByLabel(t(lng, 'personId'), { exact: true }).fill(String(byPhone.id));
      await form.getByLabel(t(lng, 'kind'), { exact: true }).selectOption('correction');
      await form.getByLabel(t(lng, 'channel'), { exact: true }).selectOption('phone');
      await form.getByLabel(t(lng, 'note'), { exact: true }).fill(note);
      await audit(page, `${lng} record a request dialog`);
      await form.getByRole('button', { name: t(lng, 'record') }).click();
      await expect(form).toBeHidden();

      await forPerson(page, lng, byPhone);
      await settled(page);
      const recorded = rows(page).filter({ hasText: note });
      await expect(recorded).toContainText(t(lng, 'kinds.correction'));
      await expect(recorded).toContainText(t(lng, 'channels.phone'));
      await expect(recorded).toContainText(t(lng, 'statuses.received'));

      // Reject it, with the reason in the note.
      await (await rowAction(recorded, t(lng, 'actions.reject'))).click();
      const reject = page.getByRole('alertdialog', { name: t(lng, 'confirm.rejectTitle', { name: byPhone.name }) });
      const rejectButton = reject.getByRole('button', { name: t(lng, 'actions.reject') });
      await expect(rejectButton).toBeDisabled();
      await reject.getByLabel(t(lng, 'note')).fill('Could not verify the caller');
      await audit(page, `${lng} reject dialog`);
      await rejectButton.click();
      await expect(reject).toBeHidden();
      await expect(recorded).toContainText(t(lng, 'statuses.rejected'));

      // Run an access request that came by email: its archive is queued for the person.
      await recordByApi(page.request, session, { user_id: byEmail.id, kind: 'access', channel: 'email', note: 'Asked by email' });
      await forPerson(page, lng, byEmail);
      await settled(page);
      const access = rows(page)
        .filter({ hasText: t(lng, 'kinds.access') })
        .first();
      await (await rowAction(access, t(lng, 'actions.run'))).click();
      const run = page.getByRole('alertdialog', { name: t(lng, 'confirm.runTitle', { name: byEmail.name }) });
      await run.getByLabel(t(lng, 'note')).fill('Identity checked by reply email');
      await run.getByRole('button', { name: t(lng, 'actions.run') }).click();
      await expect(run).toBeHidden();
      await expect(toast(page, lng === 'en' ? 'The archive is being prepared' : 'جارٍ تجهيز النسخة')).toBeVisible();

      // An erasure is run only once the person's account number is typed (then cancelled here: it cannot be undone).
      await recordByApi(page.request, session, { user_id: byLetter.id, kind: 'erasure', channel: 'letter', note: 'Signed letter' });
      await forPerson(page, lng, byLetter);
      await settled(page);
      const erasure = rows(page)
        .filter({ hasText: t(lng, 'kinds.erasure') })
        .first();
      await (await rowAction(erasure, t(lng, 'actions.run'))).click();
      const erase = page.getByRole('alertdialog', { name: t(lng, 'confirm.eraseTitle', { name: byLetter.name }) });
      const eraseButton = erase.getByRole('button', { name: t(lng, 'actions.run') });
      await erase.getByLabel(t(lng, 'note')).fill('Identity checked at the office');
      await expect(eraseButton).toBeDisabled();
      await erase.getByLabel(t(lng, 'confirm.typeToErase', { id: byLetter.id })).fill(String(byLetter.id + 1));
      await expect(eraseButton).toBeDisabled();
      await erase.getByLabel(t(lng, 'confirm.typeToErase', { id: byLetter.id })).fill(String(byLetter.id));
      await expect(eraseButton).toBeEnabled();
      await audit(page, `${lng} erasure confirmation`);
      await erase.getByRole('button', { name: appText(lng, 'common:confirmDialog.cancel') }).click();
      await expect(erase).toBeHidden();
      await expect(erasure).toContainText(t(lng, 'statuses.received'));

      // On a phone: the same list, nothing inaccessible.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/${lng}/dashboard/data-requests`);
      await expect(page.getByRole('heading', { level: 1, name: t(lng, 'title') })).toBeVisible();
      await settled(page);
      await audit(page, `${lng} data requests at 390 px`);
    });
  });
}

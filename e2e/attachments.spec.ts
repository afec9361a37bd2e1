import { expect, test, type Page } from '@playwright/test';
import { demoFixtures } from '../apps/api/src/seed/demo-fixtures';
import { languages, type Lng } from './support/env';
import { rowAction } from './support/row-menu';
import { sharedSession } from './support/session';
import { appText } from './support/app-text';

const texts = {
  en: {
    search: appText('en', 'providers:kinds.pharmacies.searchPlaceholder'),
    attachments: appText('en', 'common:attachments.title'),
    close: appText('en', 'common:close'),
  },
  ar: {
    search: appText('ar', 'providers:kinds.pharmacies.searchPlaceholder'),
    attachments: appText('ar', 'common:attachments.title'),
    close: appText('ar', 'common:close'),
  },
} satisfies Record<Lng, Record<string, string>>;

/** Every console error and uncaught error of the page, CSP violations included ("Refused to frame …"). */
function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|frame-ancestors|Refused to/i.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

for (const lng of languages) {
  const t = texts[lng];

  test(`a stored PDF previews in the attachment dialog, framed by the dashboard without a CSP violation (${lng})`, async ({ page }) => {
    // The session goes into localStorage once, not through an init script: that would also run in the
    // PDF viewer's frames, which have no storage, and report errors of its own.
    const session = await sharedSession(page.request);
    await page.goto(`/${lng}/login`);
    await page.evaluate(({ token, role }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('role', role);
    }, session);
    const problems = collectProblems(page);
    const pharmacy = demoFixtures.pharmacy;
    await page.goto(`/${lng}/dashboard/pharmacies`);
    await page.getByPlaceholder(t.search).fill(pharmacy.name_en);
    const row = page
      .getByRole('table')
      .locator('tbody tr')
      .filter({ hasText: lng === 'ar' ? pharmacy.name_ar : pharmacy.name_en });
    await expect(row).toHaveCount(1);

    const pdfAnswer = page.waitForResponse(
      (response) => /\/storage\/.+\.pdf\?/.test(response.url()) && !response.url().includes('download='),
    );
    await (await rowAction(row, t.attachments)).click();
    const dialog = page.getByRole('dialog');
    const frame = dialog.getByTitle(pharmacy.pdfAttachment);
    await expect(frame).toHaveJSProperty('tagName', 'IFRAME');

    // The stored file may be framed by the dashboard's own origin, and only by it.
    const answer = await pdfAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'self'");

    // A blocked frame is replaced by Chromium's error page; an allowed one keeps the file's URL.
    const src = new URL((await frame.getAttribute('src'))!, page.url()).href;
    await expect.poll(() => page.frames().map((f) => f.url())).toContain(src);
    expect(page.frames().some((f) => f.url().startsWith('chrome-error://'))).toBe(false);

    await dialog.getByRole('button', { name: t.close }).click();
    await expect(dialog).toHaveCount(0);
    expect(problems, problems.join('\n')).toEqual([]);
  });
}

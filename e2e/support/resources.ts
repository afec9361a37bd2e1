import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { baseURL } from './env';
import type { Session } from './session';

/** A real PNG of the given size, drawn by the browser (about:blank is enough). */
export async function png(page: Page, width: number, height: number): Promise<Buffer> {
  const url = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas');
      canvas.width = w!;
      canvas.height = h!;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0d9488';
      context.fillRect(0, 0, w!, h!);
      return canvas.toDataURL('image/png');
    },
    [width, height],
  );
  return Buffer.from(url.split(',')[1]!, 'base64');
}

export const pngFile = async (page: Page, width: number, height: number, name = 'image.png') => ({
  name,
  mimeType: 'image/png',
  buffer: await png(page, width, height),
});

/** Creates a record through the API as the dashboard does (multipart); returns `data`. */
export async function apiStore<T>(
  request: APIRequestContext,
  session: Session,
  path: string,
  multipart: Record<string, string | number | { name: string; mimeType: string; buffer: Buffer }>,
): Promise<T> {
  const response = await request.post(`${baseURL}${path}`, {
    headers: { Authorization: `Bearer ${session.token}`, Accept: 'application/json' },
    multipart: Object.fromEntries(
      Object.entries(multipart).map(([key, value]) => [key, typeof value === 'number' ? String(value) : value]),
    ),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: T }).data;
}

/** A toast (not the table's inline error, which is an alert too). */
export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify__toast').filter({ hasText: text });
export const rows = (page: Page) => page.getByRole('table').locator('tbody tr');
export const rowOf = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** Types into a list's search box and waits for the URL to carry it. */
export async function searchFor(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
  const query = new URLSearchParams({ search: text }).toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page).toHaveURL(new RegExp(`[?&]${query}(&|$)`));
  await settled(page);
}

/**
 * Waits until no list is fetching (the table's aria-busy): a row acted on while the search's answer is on
 * its way is re-rendered under the click, and its menu closes with it.
 */
export async function settled(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const clocked = new WeakSet<Page>();

/**
 * Makes every GET of a list fail with a 500 and counts them. The dashboard retries 3 times, 1 + 2 + 4 s apart
 * (spec §8): the page's clock is installed here (before the page loads) so that the tests fast-forward through
 * the waits instead of sitting them out.
 */
export async function failList(page: Page, path: string) {
  let attempts = 0;
  // One clock per page: a test may fail several lists, each counted on its own.
  if (!clocked.has(page)) {
    clocked.add(page);
    await page.clock.install();
  }
  await page.route(
    (url) => url.pathname === path,
    (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      attempts += 1;
      return route.fulfill({ status: 500, json: { message: 'Server Error' } });
    },
  );
  /** Fast-forwards through the retries until `shown` (the failure toast) appears; checks that all three came. */
  async function untilShown(shown: Locator) {
    // One failed request at a time: wait for it (or for the toast), then jump past the next wait (8 s is longer
    // than any of them). The clock only fires timers; the requests themselves run in real time.
    for (let seen = 0; !(await shown.isVisible()); seen = attempts) {
      await expect.poll(async () => attempts > seen || (await shown.isVisible())).toBe(true);
      if (await shown.isVisible()) break;
      await page.clock.runFor(8_000);
    }
    await expect(shown).toBeVisible();
    expect(attempts, 'the first request and its three retries').toBeGreaterThanOrEqual(4);
  }
  return {
    untilShown,
    /** untilShown, then a minute later: nothing was asked again after the last retry. */
    async retriedOut(shown: Locator) {
      await untilShown(shown);
      const asked = attempts;
      await page.clock.runFor(60_000);
      expect(attempts, 'no request after the last retry').toBe(asked);
    },
  };
}
